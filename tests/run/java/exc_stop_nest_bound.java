// Java twin of exc_stop_nest_bound.somd.
// A nest summing every cell up to a column bound past the rows (`j < n`, rows of 37): Java
// fails at row 0's column 37 at once. On the device the flattened nest's work-items go on
// with stand-ins after a failure; they leave once the launch's first failure comes before
// all they could still meet, where before they ran all 4000 x 2,000,000,000 cells.
class Main {
    static long sums(int[][] m, int n) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < n; j++) {
                s += m[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[4000][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i + j;
        }
        System.out.println(sums(m, 37));
        System.out.println(sums(m, 2000000000));
    }
}
// throws-at: 10:22
