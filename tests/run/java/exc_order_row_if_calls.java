// An MI body's loop over the rows of its partition calls a helper passed the row twice in
// an `if` of each row's body (`s += rowSum(g[i], b, 0);` then `s -= rowSum(g[i], b, 16) *
// 5;`), each call running two loops over it. The matrix split into cells fails in row 9 in
// the second call's first loop in a left cell (index 200) and in the first call's second
// loop in a right one (index 150). Java raises the right cell's: it runs the first call
// over the whole row before the second (note device-execution, "Places inside a row");
// before, the statements of an `if` in a row's body armed no calls, and two MIs or more
// raised the left cell's, first in partition order.
class Main {
    static long rowSum(int[] r, int[] b, int k) {
        long s = 0;
        for (int j = 0; j < r.length; j++) {
            s += b[(r[j] >> k) & 0xFF];
        }
        for (int j = 0; j < r.length; j++) {
            s += b[(r[j] >> (k + 8)) & 0xFF] * 3L;
        }
        return s;
    }

    static long total(int[][] g, int[] b, int mode) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            if (mode != 2) {
                s += rowSum(g[i], b, 0);
                s -= rowSum(g[i], b, 16) * 5;
            } else {
                s += 1;
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
        System.out.println(total(g, b, 1));
        g[9][3] = 200 << 16;
        g[9][60] = 150 << 8;
        System.out.println(total(g, b, 1) + " unreachable");
    }
}
// throws-at: 16:18
