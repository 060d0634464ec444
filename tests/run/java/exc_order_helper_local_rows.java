// A helper an MI calls, walking the rows of the partition it is passed up to a local set to
// their count (`int rows = g.length;`), the matrix split into cells: row 5 reads past a
// table in its last column and row 6 in its first, whose cell comes first in partition
// order on some grids. Java raises row 5's (index 250): the helper runs once over the whole
// matrix, row by row (note device-execution, "Helpers an MI calls"); before, a loop bounded
// by a local was not marked, and two MIs or more raised row 6's.
class Main {
    static long sweep(int[][] g, int[] b, int t) {
        int rows = g.length;
        long s = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[g[i][j] + t];
            }
        }
        return s;
    }

    static long run(int[][] g, int[] b, int steps) {
        long c = 0;
        for (int t = 0; t < steps; t++) {
            c += sweep(g, b, t) * (t + 1);
        }
        return c;
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
                g[i][j] = (i + 3 * j) % 50;
            }
        }
        System.out.println(run(g, b, 3));
        System.out.println(sweep(g, b, 2));
        g[5][n - 1] = 250;
        g[6][0] = 500;
        g[40][0] = 199;
        System.out.println(run(g, b, 1));
        System.out.println(run(g, b, 2));
    }
}
// throws-at: 13:22
