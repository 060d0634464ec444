// Java twin of exc_order_step_cells.somd: the SOMD method writes copies of its
// parameters (passed by value), its `sync` blocks are plain blocks.
class Main {
    static int bad(int s, int i, int j, int block) {
        if (block == 1) {
            if (s == 1 && i == 5 && j == 25) {
                return 70;
            }
            if (s == 1 && i == 6 && j == 1) {
                return 71;
            }
            if (s == 2) {
                return 72;
            }
        }
        if (block == 2 && s == 1 && i == 2 && j == 2) {
            return 73;
        }
        return 0;
    }

    static long run(long[][] g, long[][] h, long[] table, int steps) {
        g = copy(g);
        h = copy(h);
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        int gi = i;
                        int gj = j;
                        h[i][j] = (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]
                            + table[bad(s, gi, gj, 1)]) % 997;
                    }
                }
            }
            {
                for (int i = 1; i < h.length - 1; i++) {
                    for (int j = 1; j < h[i].length - 1; j++) {
                        int gi = i;
                        int gj = j;
                        g[i][j] = (h[i][j] * 3 + table[bad(s, gi, gj, 2)]) % 991;
                    }
                }
            }
        }
        long t = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                t += g[i][j] * (i + 1);
            }
        }
        return t;
    }

    static long[][] copy(long[][] x) {
        long[][] y = new long[x.length][];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i].clone();
        }
        return y;
    }

    public static void main(String[] args) {
        int n = 30;
        long[][] g = new long[n][n];
        long[][] h = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = (i * 3 + j) % 7;
                h[i][j] = g[i][j];
            }
        }
        long[] table = {1, 2, 3};
        System.out.println(run(g, h, table, 1));
        System.out.println(run(g, h, table, 5));
    }
}
