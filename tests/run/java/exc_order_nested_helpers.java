// A helper an MI calls (`both`) calls another (`sweep`) twice in one statement; `sweep` runs
// two loops over the rows of the partition it is passed. The matrix split into cells fails
// in the second call's first loop at row 2 (an upper cell) and in the first call's second
// loop at row 45 (a lower one). Java raises the first call's (index 150): it runs `sweep`
// over the whole matrix, each loop to its end, before the next call (note device-execution,
// "Helpers a helper calls"). Before, two MIs or more raised the second call's (index 210),
// the upper cell coming first in partition order: the key marked `both`'s statement and no
// place inside `sweep`.
class Main {
    static long sweep(int[][] g, int[] b, int k) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[(g[i][j] >> (8 * k)) & 0xFF];
            }
        }
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[(g[i][j] >> (8 * k + 16)) & 0xFF] * 3L;
            }
        }
        return s;
    }

    static long both(int[][] g, int[] b) {
        long s = sweep(g, b, 0) - sweep(g, b, 1) * 5;
        return s;
    }

    static long total(int[][] g, int[] b) {
        long s = 0;
        s += both(g, b);
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
        System.out.println(total(g, b));
        g[2][50] = 210 << 8;
        g[45][3] = 150 << 16;
        System.out.println(total(g, b) + " unreachable");
    }
}
// throws-at: 19:22
