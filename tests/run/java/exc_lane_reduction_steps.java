// The lanes form of an inner loop reducing into the row's local (`strips.rs`): row 5's
// columns 70 and 200 read past the table, and the statement after row 5's loop divides by
// zero, as row 9's column 3 reads past the table too. Java stops at row 5's column 70;
// every placement reports its read (index 5000), whichever lane meets its column first,
// and not the division after the loop, which the lanes reach after all the row's columns.
class Main {
    static int[] sums(int[][] m, int[] table, int[] d) {
        int o = 0;
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int s = o + i;
            for (int j = 0; j < m[i].length; j++) {
                s += table[m[i][j]] * (j + 1);
            }
            out[i] = s / d[o + i];
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
        int[] r = sums(m, table, d);
        System.out.println(r[0] + " " + r[15]);
        m[5][70] = 5000;
        m[5][200] = 6000;
        d[5] = 0;
        m[9][3] = 7000;
        r = sums(m, table, d);
        System.out.println(r[1]);
    }
}
// throws-at: 13:22
