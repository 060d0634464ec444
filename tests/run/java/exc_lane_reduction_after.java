// The lanes form of an inner loop reducing into the row's local (`strips.rs`): the
// statement after row 4's loop divides by zero, and row 6's column 2 reads past the table.
// Java stops at row 4's division; every placement reports it, not the read of a later row
// that a work-group may meet first.
class Main {
    static long[] maxima(int[][] m, int[] table, int[] d) {
        int o = 0;
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long best = Long.MIN_VALUE;
            for (int j = 0; j < m[i].length; j++) {
                best = Math.max(best, table[m[i][j]] * (long) (j + 1));
            }
            out[i] = best / d[o + i];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] table = new int[1000];
        for (int k = 0; k < table.length; k++) table[k] = 3 * k + 1;
        int[][] m = new int[16][256];
        int[] d = new int[16];
        for (int i = 0; i < 16; i++) {
            d[i] = i + 1;
            for (int j = 0; j < 256; j++) m[i][j] = (i * 7 + j * 13) % 1000;
        }
        long[] r = maxima(m, table, d);
        System.out.println(r[0] + " " + r[15]);
        d[4] = 0;
        m[6][2] = 7000;
        r = maxima(m, table, d);
        System.out.println(r[1]);
    }
}
// throws-at: 14:22
