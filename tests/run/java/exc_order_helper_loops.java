// A helper an MI calls from the top level of its body, holding two loops over the
// partition it is passed: the matrix split into cells fails in the second loop in an upper
// cell (row 2) and in the first loop in a lower one (row 50). Java raises the first loop's
// (index 150): the helper runs once over the whole matrix, each loop to the end before the
// next (note device-execution, "Helpers an MI calls"); before, two MIs or more raised the
// second loop's, the upper cell coming first in partition order.
class Main {
    static long twice(int[][] g, int[] b) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[g[i][j] % 1000];
            }
        }
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[g[i][j] / 1000] * 3;
            }
        }
        return s;
    }

    static long first(int[][] g, int[] b) {
        long s = twice(g, b);
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] g = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = 7 * k - 300;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = (i * 5 + j) % 100 + 1000 * ((i + j) % 90);
            }
        }
        System.out.println(first(g, b));
        g[2][60] = 99 + 1000 * 100;
        g[50][3] = 150;
        System.out.println(first(g, b));
    }
}
