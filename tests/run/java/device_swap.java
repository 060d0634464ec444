// Java twin of device_swap.somd: each SOMD method runs as one method instance over the
// whole arrays, its sync blocks as plain blocks; parameters are copied (by value).
//
// Copy-back loops of sync bodies (`g[i][j] = next[i][j]` after a loop that wrote all of
// `next`'s cells in that range): the device exchanges the two buffers instead of copying
// when the arrays have one shape, and copies otherwise. Either way the results are those
// of the copy: `next`'s own boundary never shows, `g`'s boundary stays.
class Main {
    static long jacobi(long[][] g,
                                 long[][] next, int iterations) {
        g = deepCopy(g);
        next = deepCopy(next);
        for (int p = 0; p < iterations; p++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        next[i][j] = (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] * 2 + g[i][j + 1] + p) % 1000003;
                    }
                }
            }
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        g[i][j] = next[i][j];
                    }
                }
            }
        }
        long total = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                total += g[i][j] * ((i) * 7 + j + 1);
            }
        }
        return total;
    }

    // 1-D, returning the updated parameter: after an odd number of exchanges the result
    // lives in the buffer that started as `next`'s.
    static double[] smooth(double[] g, double[] next, int steps) {
        g = g.clone();
        next = next.clone();
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    next[i] = (g[i - 1] + g[i] * 2.0 + g[i + 1]) * 0.25;
                }
            }
            {
                for (int i = 1; i < g.length - 1; i++) {
                    g[i] = next[i];
                }
            }
        }
        return g;
    }

    // `next` is read after the copy as well: no exchange, every copy runs.
    static long observed(long[] g, long[] next, int steps) {
        g = g.clone();
        next = next.clone();
        long[] seen = new long[g.length];
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    next[i] = g[i - 1] * 3 + g[i + 1] + p;
                }
            }
            {
                for (int i = 1; i < g.length - 1; i++) {
                    g[i] = next[i];
                }
            }
            {
                for (int i = 0; i < g.length; i++) {
                    seen[i] = seen[i] * 5 + next[i];
                }
            }
        }
        long total = 0;
        for (int i = 1; i < g.length - 1; i++) {
            total += seen[i] * (i + 1) + g[i];
        }
        return total;
    }

    static long[][] deepCopy(long[][] m) {
        long[][] c = new long[m.length][];
        for (int i = 0; i < m.length; i++) c[i] = m[i].clone();
        return c;
    }

    static long[][] grid(int rows, int cols, int seed) {
        long[][] g = new long[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] = (i * 31 + j * 17 + seed) % 997;
            }
        }
        return g;
    }

    public static void main(String[] args) {
        int rows = 40;
        int cols = 37;
        long[][] g = grid(rows, cols, 3);
        // `next` differs from `g` everywhere, its boundary included.
        long[][] next = grid(rows, cols, 500);
        System.out.println("jacobi 7: " + jacobi(g, next, 7));
        System.out.println("jacobi 8: " + jacobi(g, next, 8));
        System.out.println("jacobi 0: " + jacobi(g, next, 0));
        System.out.println("jacobi 1: " + jacobi(g, next, 1));
        // A larger `next` (another shape): the copy runs.
        System.out.println("jacobi larger next: " + jacobi(g, grid(rows + 2, cols, 9), 5));
        System.out.println("caller's g unchanged: " + g[5][5] + " " + next[5][5]);

        double[] line = new double[64];
        double[] other = new double[64];
        for (int i = 0; i < line.length; i++) {
            line[i] = (i % 7) * 1.5;
            other[i] = -100.0 - i;
        }
        double[] odd = smooth(line, other, 5);
        double[] even = smooth(line, other, 6);
        System.out.println("smooth 5: " + odd[0] + " " + odd[1] + " " + odd[32] + " " + odd[63]);
        System.out.println("smooth 6: " + even[0] + " " + even[1] + " " + even[32] + " " + even[63]);
        double sum = 0;
        for (int i = 0; i < odd.length; i++) sum += odd[i] * (i + 1);
        System.out.println("smooth 5 weighted: " + sum);

        long[] a = new long[50];
        long[] b = new long[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 13) % 29;
            b[i] = 1000 + i;
        }
        System.out.println("observed: " + observed(a, b, 4));
    }
}
