// Java twin of exc_order_step_cols.somd: the SOMD method writes copies of its
// parameters (passed by value), its `sync` blocks are plain blocks.
class Main {
    static int bad(int s, int i, int j) {
        if (s == 1 && i == 5 && j == 25) {
            return 50;
        }
        if (s == 1 && i == 10 && j == 1) {
            return 51;
        }
        return 0;
    }

    static long run(long[][] g, long[][] h, long[] table, int steps) {
        g = copy(g);
        h = copy(h);
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 0; i < g.length; i++) {
                    for (int j = 0; j < g[i].length; j++) {
                        int gj = j;
                        h[i][j] = (g[i][j] * 2 + table[bad(s, i, gj)]) % 997;
                    }
                }
            }
            {
                for (int i = 0; i < h.length; i++) {
                    for (int j = 0; j < h[i].length; j++) {
                        g[i][j] = (h[i][j] * 3 + 1) % 991;
                    }
                }
            }
        }
        long t = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
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
