// Java twin of exc_stop_row_bound.somd.
// Row sums up to a column bound past the rows (`j < n`, rows of 37): Java fails at row 0's
// column 37 at once. A work-item per row (or a work-group per row) goes on with stand-ins
// after its failure; it leaves its loop within 1024 steps, where before each ran to n.
class Main {
    static long[] rowSums(long[][] m, int n) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int j = 0; j < n; j++) {
                s += m[i][j];
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int rows = 3000;
        long[][] m = new long[rows][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i * 3 + j;
        }
        long[] r = rowSums(m, 37);
        System.out.println(r[0] + " " + r[rows - 1]);
        r = rowSums(m, 2000000000);
        System.out.println(r[0]);
    }
}
// throws-at: 10:22
