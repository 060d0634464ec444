// A step loop of an MI body runs, in each step, a loop over the rows of its partition with
// two loops over each row. The matrix split into cells fails in step 1, row 9, in the
// second loop in a left cell (index 200) and in the first loop in a right one (index
// 150). Java raises the right cell's: in each step it runs the first loop over the whole
// row before the second (note device-execution, "Places inside a row"); before, the
// statements of a row's body in a step shared the row's place, and two MIs or more raised
// the left cell's, first in partition order.
class Main {
    static long total(int[][] g, int[] b, int steps) {
        long s = 0;
        for (int t = 0; t < steps; t++) {
            for (int i = 0; i < g.length; i++) {
                for (int j = 0; j < g[i].length; j++) {
                    s += b[(g[i][j] >> (16 * t)) & 0xFF];
                }
                for (int j = 0; j < g[i].length; j++) {
                    s -= b[(g[i][j] >> (16 * t + 8)) & 0xFF] * 3L;
                }
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
                g[i][j] = (i * 5 + j) % 90 + ((i + 3 * j) % 80 << 8) + ((i * j) % 70 << 16)
                        + ((i + j) % 60 << 24);
            }
        }
        System.out.println(total(g, b, 2));
        g[9][3] = 200 << 24;
        g[9][60] = 150 << 16;
        System.out.println(total(g, b, 2) + " unreachable");
    }
}
// throws-at: 14:26
