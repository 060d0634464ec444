// Java twin of exc_stop_lane_bound.somd.
// Row sums of 16 rows, a work-group per row (the lanes form), up to a column bound past the
// rows (`j < n`, rows of 37): Java fails at row 0's column 37 at once. Each lane goes on
// with stand-ins after its failure; it leaves the inner loop within 1024 of its steps,
// where before each lane ran to n.
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
        int rows = 16;
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
