// Java twin of jacobi_sync.somd: each SOMD method runs as one method instance over the whole
// arrays (offset 0, no halos), its sync blocks as plain blocks; arrays are passed
// by value (copies).
// Iteration loops of sync blocks over double buffers with halos (1-D and 2-D), and
// sync (g) limited to named arrays. Integer cells keep the result exact.
class Main {
    static long[] heat1d(long[] a, long[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) % 1000003;
                }
            }
            {
                for (int i = 1; i < b.length - 1; i++) {
                    a[i] = (b[i - 1] + 2 * b[i] + b[i + 1]) % 1000003;
                }
            }
        }
        return a;
    }

    static long relax(long[][] g, long[][] h, int steps) {
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        h[i][j] = (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] + g[i][j]) % 999983;
                    }
                }
            }
            {
                for (int i = 1; i < h.length - 1; i++) {
                    for (int j = 1; j < h[i].length - 1; j++) {
                        g[i][j] = (h[i - 1][j] + h[i + 1][j] + h[i][j - 1] + h[i][j + 1] + h[i][j]) % 999983;
                    }
                }
            }
        }
        long total = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                total += g[i][j] * (0 + i) + (0 + j);
            }
        }
        return total;
    }

    static long[][] deepCopy(long[][] m) {
        long[][] c = new long[m.length][];
        for (int i = 0; i < m.length; i++) c[i] = m[i].clone();
        return c;
    }

    public static void main(String[] args) {
        int n = 40;
        long[] a = new long[n];
        long[] b = new long[n];
        a[0] = 1000;
        b[0] = 1000;
        a[n - 1] = 7;
        b[n - 1] = 7;
        a[n / 2] = 500;
        // SOMD parameters are passed by value: the caller's arrays do not change.
        long[] r = heat1d(a.clone(), b.clone(), 15);
        long h = 0;
        for (int i = 0; i < r.length; i++) h = h * 31 + r[i];
        System.out.println(r.length + " " + h + " " + r[1] + " " + r[n / 2] + " " + a[n / 2]);
        int m = 24;
        long[][] g = new long[m][m + 3];
        long[][] k = new long[m][m + 3];
        for (int i = 0; i < m; i++) {
            g[i][0] = 100 + i;
            k[i][0] = 100 + i;
            g[i][m + 2] = 3;
            k[i][m + 2] = 3;
        }
        for (int j = 0; j < m + 3; j++) {
            g[0][j] = 50;
            k[0][j] = 50;
        }
        System.out.println(relax(deepCopy(g), deepCopy(k), 10) + " " + g[5][5]);
    }
}
