// args: 500 3
// throws-at: 40:26
// A host nest storing a row's sum for each row of a matrix result runs as a SOMD method of
// its own (ninety-third session), a work-item per row running its row's loop. In the last
// round a table of column offsets sends row 7's reads past the row's end from its second
// column on, and row 410's before its start: Java's ArrayIndexOutOfBoundsException at row
// 7's (index 64), on every placement, after the earlier rounds' sums.
class Main {
    static int[][] grid(int[][] g, int k) {
        int[][] r = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                r[i][j] = (g[i][j] * 17 + k) % 1013;
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int cols = 64;
        int[][] g = new int[n][cols];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] = i * 3 + j;
            }
        }
        int[] at = new int[n];
        long[] rs = new long[n];
        for (int r = 0; r < rounds; r++) {
            g = grid(g, r);
            if (r == rounds - 1) {
                at[7] = 9;
                at[410] = -1;
            }
            for (int i = 0; i < n; i++) {
                long t = 0;
                for (int j = 0; j < cols; j++) {
                    t += g[i][j + at[i] * 7];
                }
                rs[i] = t;
            }
            System.out.println("round " + r + " " + rs[0] + " " + rs[n - 1]);
        }
        System.out.println("done " + rs[7]);
    }
}
