// Java twin of sync_device.somd: each SOMD method runs as one method instance over the
// whole arrays (offset 0, no halos), its sync blocks as plain blocks; arrays are passed by
// value (copies).
class Main {
    static int[] smooth(int[] a, int[] b, int steps) {
        int[] hist = new int[a.length];
        {
            for (int i = 0; i < a.length; i++) {
                hist[i] = a[i] * 3;
            }
        }
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + a[i] * 2 + a[i + 1] + p) % 10007;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) {
                    a[i] = (b[i - 1] * 3 + b[i + 1]) % 10007;
                }
            }
            {
                for (int i = 0; i < a.length; i++) {
                    hist[i] = hist[i] * 31 + a[i];
                }
            }
        }
        return hist;
    }

    static long relax(long[][] g, long[][] h, int rounds, int sweeps) {
        for (int r = 0; r < rounds; r++) {
            for (int s = 0; s < sweeps; s++) {
                {
                    for (int i = 1; i < g.length - 1; i++) {
                        for (int j = 1; j < g[i].length - 1; j++) {
                            h[i][j] = (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] + r * 7 + s) % 65521;
                        }
                    }
                }
                {
                    for (int i = 1; i < h.length - 1; i++) {
                        for (int j = 1; j < h[i].length - 1; j++) {
                            g[i][j] = (h[i][j] * 3 + h[i - 1][j] + h[i][j + 1]) % 65521;
                        }
                    }
                }
            }
        }
        long total = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                total += g[i][j] * ((0 + i) * 131 + 0 + j);
            }
        }
        return total;
    }

    static double[] decay(double[] x, double factor, int steps) {
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 0; i < x.length; i++) {
                    x[i] = x[i] * factor + 1.0;
                }
            }
        }
        return x;
    }

    static long[][] deepCopy(long[][] m) {
        long[][] c = new long[m.length][];
        for (int i = 0; i < m.length; i++) c[i] = m[i].clone();
        return c;
    }

    // The accumulator of the final reduction is read (at its initial value) by the kernels
    // before it.
    static long carried(long[] a, long[] b, long start, int steps) {
        long total = 0;
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + total + start + p;
            }
            {
                for (int i = 0; i < a.length; i++) a[i] = b[i] * 2 % 1000;
            }
        }
        for (int i = 0; i < a.length; i++) total += a[i];
        return total;
    }

    public static void main(String[] args) {
        int n = 50;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 101;
            b[i] = a[i];
        }
        // SOMD parameters are passed by value: the caller's arrays do not change.
        int[] hist = smooth(a.clone(), b.clone(), 6);
        long hsum = 0;
        for (int i = 0; i < hist.length; i++) hsum = hsum * 7 + hist[i];
        System.out.println("smooth " + hist.length + " " + hsum + " " + hist[0] + " " + hist[n / 2] + " " + a[n / 2]);
        System.out.println("smooth empty " + smooth(new int[0], new int[0], 3).length);

        int m = 30;
        long[][] g = new long[m][m + 5];
        long[][] h = new long[m][m + 5];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m + 5; j++) {
                g[i][j] = (i * 13 + j * 7) % 50;
                h[i][j] = g[i][j];
            }
        }
        System.out.println("relax " + relax(deepCopy(g), deepCopy(h), 3, 4) + " " + g[4][4]);
        System.out.println("relax once " + relax(deepCopy(g), deepCopy(h), 1, 1));

        double[] x = new double[40];
        for (int i = 0; i < x.length; i++) x[i] = i * 0.5;
        double[] y = decay(x.clone(), 0.75, 9);
        System.out.println("decay " + y.length + " " + y[0] + " " + y[39] + " " + x[39]);
        System.out.println("decay none " + decay(x.clone(), 0.75, 0)[5]);
        long[] c = new long[100];
        for (int i = 0; i < c.length; i++) c[i] = i;
        System.out.println("carried " + carried(c.clone(), new long[100], 5L, 7) + " " + c[99]);
    }
}
