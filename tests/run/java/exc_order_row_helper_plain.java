// An MI body's loop over the rows of its partition calls, in each row, a helper with a
// single loop over the row it is passed, twice in one statement (`rowOne(g[i], b, 0) -
// rowOne(g[i], b, 8) * 3`). The matrix split into columns fails in row 9 in the second call
// in a left partition (index 200) and in the first call in a right one (index 150). Java
// raises the right one's: it runs the first call over the whole row before the second
// (note device-execution, "Calls in a row loop's body"); such a helper marks nothing of its
// own, and its calls were not numbered, so two MIs or more raised the left one's, first in
// partition order.
class Main {
    static long rowOne(int[] r, int[] b, int k) {
        long s = 0;
        for (int j = 0; j < r.length; j++) {
            s += b[(r[j] >> k) & 0xFF] * (long) (r[j] & 7);
        }
        return s;
    }

    static long total(int[][] g, int[] b) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            s += rowOne(g[i], b, 0) - rowOne(g[i], b, 8) * 3;
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
// throws-at: 13:18
