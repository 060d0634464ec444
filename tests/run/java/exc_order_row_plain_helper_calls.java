// An MI body's loop over the rows of its partition calls, in each row, a helper `both`
// passed the row, which calls `sum` (one loop over the row, no marks of its own) twice in
// one statement. The matrix split into cells fails in row 9 in the first call at index 150
// in a right cell and in the second at index 200 in a left one. Java raises the right
// cell's: it runs the first call over the whole row before the second (note
// device-execution, "Helpers calling helpers without marks"); before, `both` was no marking
// helper, its calls were not numbered, and two MIs or more raised the left cell's, first
// in partition order.
class Main {
    static long sum(int[] r, int[] b, int k) {
        long s = 0;
        for (int j = 0; j < r.length; j++) {
            s += b[(r[j] >> k) & 0xFF];
        }
        return s;
    }

    static long both(int[] r, int[] b) {
        return sum(r, b, 0) - sum(r, b, 8) * 3;
    }

    static long total(int[][] g, int[] b) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            s += both(g[i], b);
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
        g[9][60] = 150;
        g[9][3] = 200 << 8;
        System.out.println(total(g, b) + " unreachable");
    }
}
// throws-at: 13:18
