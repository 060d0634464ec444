// args: 400 3
// throws-at: 46:46
// A host nest reducing a matrix result runs as a SOMD method of its own (ninety-third
// session). In the last round the result holds 0 at row 3, column 10 and 200 at row 300,
// column 0: the sum divides by each element after reading a table at it, so Java's
// ArithmeticException comes at row 3's, the first failure in Java's order, on every
// placement, where an MI or work-group holding row 300 fails with an
// ArrayIndexOutOfBoundsException; after the earlier rounds' sums.
class Main {
    static int[][] grid(int[][] g, int k) {
        int o = 0;
        int oc = 0;
        int[][] r = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                int row = o + i;
                int col = oc + j;
                int v = (g[i][j] * 31 + k) % 97 + 1;
                if (k == 2 && row == 3 && col == 10) v = 0;
                if (k == 2 && row == 300 && col == 0) v = 200;
                r[i][j] = v;
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[][] g = new int[n][n + 5];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n + 5; j++) {
                g[i][j] = i * 7 + j;
            }
        }
        int[] bias = new int[99];
        for (int i = 0; i < 99; i++) {
            bias[i] = i % 5;
        }
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            g = grid(g, r);
            System.out.println("round " + r + " " + s);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < g[i].length; j++) {
                    s += bias[g[i][j] + 1] + 100000 / g[i][j];
                }
            }
        }
        System.out.println("done " + s);
    }
}
