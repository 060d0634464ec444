// An argument extremum in the lanes form (`strips.rs`): row 5's columns 30 and 90 look up
// past the table, and so does row 11's column 2. Java stops at row 5's column 30; every
// placement reports that read (index 4000), whichever lane meets its column first: the
// lanes order a failure by its column within the row.
class Main {
    static int[] firsts(int[][] m, double[] table) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            double best = Double.NEGATIVE_INFINITY;
            int at = -1;
            for (int j = 0; j < m[i].length; j++) {
                if (table[m[i][j]] > best) {
                    best = table[m[i][j]];
                    at = j;
                }
            }
            out[i] = at;
        }
        return out;
    }

    public static void main(String[] args) {
        double[] table = new double[1000];
        for (int k = 0; k < table.length; k++) table[k] = (k * 37 % 101) * 0.25;
        int[][] m = new int[16][256];
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 256; j++) m[i][j] = (i * 7 + j * 13) % 1000;
        }
        int[] r = firsts(m, table);
        System.out.println(r[0] + " " + r[15]);
        m[5][90] = 5000;
        m[5][30] = 4000;
        m[11][2] = 6000;
        r = firsts(m, table);
        System.out.println(r[1]);
    }
}
// throws-at: 12:21
