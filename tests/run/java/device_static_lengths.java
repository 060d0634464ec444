// Java twin of device_static_lengths.somd.
class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static final float[] GAIN = Main.gains(7);
    static final int[] EDGES = new int[]{-900, -300, -20, 0, 50, 400, 2000};
    static final long[][] MIX = Main.mix(5, 3);
    static final int[] SCRATCH = new int[11];

    static float[] gains(int n) {
        float[] g = new float[n];
        for (int j = 0; j < n; j++) {
            g[j] = 0.25f * (j + 1) - 0.5f;
        }
        return g;
    }

    static long[][] mix(int rows, int cols) {
        long[][] m = new long[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i + 1) * 1000L - j * 7L;
            }
        }
        return m;
    }

    // The first `GAIN.length` columns of each row, weighted.
    static float[][] weigh(float[][] m) {
        float[][] r = new float[m.length][GAIN.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < GAIN.length; j++) {
                r[i][j] = m[i][j] * GAIN[j];
            }
        }
        return r;
    }

    // The weighted sum of the first `GAIN.length - 2` columns.
    static double inner(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < GAIN.length - 2; j++) {
                s += m[i][j] * GAIN[j + 1];
            }
        }
        return s;
    }

    // Counts per bucket between the edges: `EDGES.length + 1` buckets.
    static int[] buckets(int[] a) {
        int[] h = new int[EDGES.length + 1];
        for (int i = 0; i < a.length; i++) {
            int b = 0;
            for (int k = 0; k < EDGES.length; k++) {
                if (a[i] >= EDGES[k]) {
                    b = k + 1;
                }
            }
            h[b]++;
        }
        return h;
    }

    // One column per row of `MIX`, and one more per slot of `SCRATCH`.
    static long[][] spread(long[][] m) {
        long[][] r = new long[m.length][MIX.length + SCRATCH.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < MIX.length; j++) {
                r[i][j] = m[i][0] * MIX[j][(int) (m[i][1] % MIX[j].length)];
            }
            for (int j = 0; j < SCRATCH.length; j++) {
                r[i][MIX.length + j] = m[i][1] - j;
            }
        }
        return r;
    }

    // As wide as a row of `MIX`.
    static long[][] cols(long[][] m) {
        long[][] r = new long[m.length][MIX[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < MIX[0].length; j++) {
                r[i][j] = m[i][1] * MIX[2][j] - m[i][0];
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int rows = 900;
        float[][] f = new float[rows][GAIN.length + 3];
        double[][] d = new double[rows][GAIN.length];
        long[][] l = new long[rows][2];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < f[i].length; j++) {
                f[i][j] = i * 0.5f - j;
            }
            for (int j = 0; j < d[i].length; j++) {
                d[i][j] = i * 0.125 + j * 3;
            }
            l[i][0] = i - 450;
            l[i][1] = (long) i * i;
        }
        float[][] w = weigh(f);
        System.out.println(w.length + " x " + w[0].length + ": " + w[0][0] + " " + w[rows - 1][GAIN.length - 1] + " " + w[321][3]);
        System.out.println("inner " + inner(d));
        int n = 40000;
        int[] data = new int[n];
        int x = 777;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            data[i] = (x >> 8) % 2500;
        }
        int[] h = buckets(data);
        long total = 0;
        for (int b = 0; b < h.length; b++) {
            System.out.print(h[b] + " ");
            total += h[b];
        }
        System.out.println();
        System.out.println("buckets " + h.length + " total " + total);
        long[][] s = spread(l);
        long sum = 0;
        for (int i = 0; i < s.length; i++) {
            for (int j = 0; j < s[i].length; j++) {
                sum += s[i][j] * (j + 1);
            }
        }
        System.out.println(s.length + " x " + s[0].length + " spread " + sum + " " + s[17][2] + " " + s[899][15]);
        long[][] c = cols(l);
        System.out.println(c.length + " x " + c[0].length + " cols " + c[0][0] + " " + c[450][1] + " " + c[899][2]);
    }
}
