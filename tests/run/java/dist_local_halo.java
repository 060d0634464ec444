// Java twin of dist_local_halo.somd: one MI over whole arrays (`Somd.offset` is 0).
// `dist` locals made like a parameter with a view have halo cells too, and `sync` refreshes
// them as it refreshes the parameter's (LANGUAGE.md §2.5): each MI sees its neighbours'
// writes made in the block (cross views in 1-D and 2-D, a polyview's corners, a named
// `sync (h)`, several steps alternating between the local and the parameter, a local
// whose halo positions the MI itself wrote before the block, an MI without halo cells of
// its own, a local made like the second of two parameters with views, a local given a new
// array and one declared in a loop, two locals swapped through a temporary, and a local
// made like another local).
class Main {
    static long shift(long[] g) {
        long[] h = new long[g.length];
        {
            for (int i = 1; i < g.length - 1; i++) {
                h[i] = g[i] * 3 + 0 + i;
            }
        }
        long t = 0;
        for (int i = 1; i < h.length - 1; i++) {
            t += (h[i - 1] + 2 * h[i + 1]) * (0 + i);
        }
        return t;
    }

    static long named(int[] g) {
        int[] h = new int[g.length];
        {
            for (int i = 2; i < g.length - 1; i++) {
                h[i] = g[i] ^ (g[i - 1] << 3);
            }
        }
        long t = 0;
        for (int i = 2; i < h.length - 1; i++) {
            t += (long) (h[i - 2] + h[i - 1] - h[i + 1]) * (0 + i);
        }
        return t;
    }

    static long relax(long[][] g0, int steps) {
        long[][] g = new long[g0.length][];
        for (int i = 0; i < g0.length; i++) {
            g[i] = g0[i].clone();
        }
        long[][] h = new long[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                h[i][j] = g[i][j];
            }
        }
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        h[i][j] = (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] + 3 * g[i][j]) % 100003;
                    }
                }
            }
            {
                for (int i = 1; i < h.length - 1; i++) {
                    for (int j = 1; j < h[i].length - 1; j++) {
                        g[i][j] = (h[i - 1][j] + h[i + 1][j] + h[i][j - 1] + h[i][j + 1] + 5 * h[i][j]) % 100003;
                    }
                }
            }
        }
        long t = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                t += g[i][j] * ((0 + i) * 131 + 0 + j);
            }
        }
        return t;
    }

    static double corners(double[][] g) {
        double[][] h = new double[g.length][g[0].length];
        {
            for (int i = 1; i < g.length - 1; i++) {
                for (int j = 1; j < g[i].length - 1; j++) {
                    h[i][j] = g[i][j] * 0.5 + (0 + i);
                }
            }
        }
        double t = 0;
        for (int i = 1; i < h.length - 1; i++) {
            for (int j = 1; j < h[i].length - 1; j++) {
                t += h[i - 1][j - 1] - h[i + 1][j + 1] + h[i - 1][j + 1] * 2 - h[i + 1][j - 1];
            }
        }
        return t;
    }

    // The first MI's partition has no halo cells (view <1,0>), but its cells are the
    // second MI's halo cells.
    static long one(long[] g) {
        long[] h = new long[g.length];
        {
            for (int i = 1; i < g.length; i++) {
                h[i] = g[i] * 10 + 0 + i;
            }
        }
        long t = 0;
        for (int i = 1; i < h.length; i++) {
            t += h[i - 1] * (0 + i);
        }
        return t;
    }

    // `h` is made like `c`; `a`, another view, has `c`'s local length in the middle MIs.
    static long two(long[] a, long[] c) {
        long[] h = new long[c.length];
        {
            for (int i = 1; i < c.length - 1; i++) {
                h[i] = c[i] * 10 + 0 + i;
            }
        }
        long t = 0;
        for (int i = 1; i < h.length - 1; i++) {
            t += (h[i - 1] + 3 * h[i + 1]) * (0 + i + 1);
        }
        return t;
    }

    // A local given a new array before its `sync`, and one declared in a loop.
    static long again(long[] g, int k) {
        long[] h = new long[g.length];
        h = new long[g.length];
        {
            for (int i = 1; i < g.length - 1; i++) {
                h[i] = g[i] * 3 + 0 + i;
            }
        }
        long t = 0;
        for (int i = 1; i < h.length - 1; i++) {
            t += (h[i - 1] + 2 * h[i + 1]) * (0 + i);
        }
        for (int s = 0; s < k; s++) {
            long[] u = new long[g.length];
            {
                for (int i = 1; i < g.length - 1; i++) {
                    u[i] = g[i] * (s + 2) + 0 + i;
                }
            }
            for (int i = 1; i < u.length - 1; i++) {
                t += (u[i - 1] - 2 * u[i + 1]) * (0 + i);
            }
        }
        return t;
    }

    // Two `dist` locals swapped through a temporary after each step (double buffering).
    static long pingpong(long[] g, int steps) {
        long[] a = new long[g.length];
        long[] b = new long[g.length];
        for (int i = 0; i < g.length; i++) {
            a[i] = g[i];
        }
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + 2 * a[i] + 3 * a[i + 1] + s) % 1000003;
                }
            }
            long[] t = a;
            a = b;
            b = t;
        }
        long r = 0;
        for (int i = 1; i < a.length - 1; i++) {
            r += a[i] * (0 + i);
        }
        return r;
    }

    // A `dist` local made like another `dist` local.
    static long like(long[] g) {
        long[] h = new long[g.length];
        long[] k = new long[h.length];
        {
            for (int i = 1; i < g.length - 1; i++) {
                k[i] = g[i] * 3 + 0 + i;
            }
        }
        long t = 0;
        for (int i = 1; i < k.length - 1; i++) {
            t += (k[i - 1] + 2 * k[i + 1]) * (0 + i);
        }
        return t;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        long[] a = new long[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 101;
            b[i] = (i * 7919) % 10007;
        }
        long[][] g = new long[m][m + 3];
        double[][] d = new double[m][m + 3];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m + 3; j++) {
                g[i][j] = (i * 3 + j * 7) % 10;
                d[i][j] = (i * 5 + j * 3) % 8;
            }
        }
        System.out.println("shift " + shift(a));
        System.out.println("named " + named(b));
        System.out.println("relax " + relax(g, 1) + " " + relax(g, 4));
        System.out.println("corners " + corners(d));
        System.out.println("one " + one(a) + " two " + two(a, a) + " again " + again(a, 3));
        System.out.println("pingpong " + pingpong(a, 1) + " " + pingpong(a, 5) + " like " + like(a));
    }
}
