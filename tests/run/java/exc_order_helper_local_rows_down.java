// A helper an MI calls from the top level of its body, walking the rows of the partition
// it is passed from the last, from a local set to their count (`int rows = g.length;`,
// `for (int i = rows - 1; ..)`): the matrix split into cells fails at row 40 in a left cell
// and at row 5 in a right one, which comes first in partition order on some grids. Java
// raises row 40's (index 500): it meets the later rows first (note device-execution,
// "Helpers an MI calls"); before, a loop from a local was not marked, and two MIs or more
// raised row 5's.
class Main {
    static long sweep(int[][] g, int[] b) {
        int rows = g.length;
        long s = 0;
        for (int i = rows - 1; i >= 0; i--) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[g[i][j]] * (long) (g[i][j] % 7 + 1);
            }
        }
        return s;
    }

    static long run(int[][] g, int[] b) {
        long s = sweep(g, b);
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] g = new int[n][n];
        int[] b = new int[200];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 3 - 50;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = (i * 5 + 3 * j) % 200;
            }
        }
        System.out.println(run(g, b));
        g[5][n - 1] = 250;
        g[40][0] = 500;
        System.out.println(run(g, b));
    }
}
// throws-at: 14:22
