// An MI body's loop over the rows of its partition runs two loops over each row: the first
// reads `b` at the row's low bytes, the second at its next bytes. The matrix split into
// cells fails in row 9 in the second loop in a left cell (index 200) and in the first loop
// in a right one (index 150). Java raises the right cell's: it runs the first loop over the
// whole row before the second (note device-execution, "Places inside a row"); before, the
// statements of a row's body shared the row's key, and two MIs or more raised the left
// cell's, first in partition order.
class Main {
    static long total(int[][] g, int[] b) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[g[i][j] & 0xFF];
            }
            for (int j = 0; j < g[i].length; j++) {
                s -= b[(g[i][j] >> 8) & 0xFF] * 3L;
            }
        }
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
                g[i][j] = (i * 5 + j) % 90 + ((i + 3 * j) % 80 << 8);
            }
        }
        System.out.println(total(g, b));
        g[9][3] = 200 << 8;
        g[9][60] = 150;
        System.out.println(total(g, b) + " unreachable");
    }
}
// throws-at: 13:22
