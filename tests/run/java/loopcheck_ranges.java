// Java twin of loopcheck_ranges.somd: one MI over the whole arrays.
class Main {
    static float[] quads(float[] xs, float[] q) {
        float[] out = new float[xs.length];
        for (int k = 0; k < xs.length; k++) {
            float s = 0.0f;
            for (int a = 0; a < q.length; a += 4) {
                s += (q[a] - xs[k]) * q[a + 1] + q[a + 2] / (q[a + 3] + 1.0f);
            }
            out[k] = s;
        }
        return out;
    }

    static int[] down(int[] xs, int[] v, int n) {
        int[] out = new int[xs.length];
        for (int k = 0; k < xs.length; k++) {
            int s = xs[k];
            for (int j = n - 1; j >= 0; j -= 2) {
                s = s * 31 + v[j] - v[n - 1 - j];
            }
            for (int j = n; j > 0; j--) {
                s += v[j - 1] * j;
            }
            out[k] = s;
        }
        return out;
    }

    static long[] rows(int[] rs, int[] m, int w) {
        long[] out = new long[rs.length];
        for (int k = 0; k < rs.length; k++) {
            int r = rs[k];
            long s = 0;
            for (int j = 0; j <= w - 1; j++) {
                s += m[r * w + j];
            }
            for (int j = 1; j < w; j++) {
                s += (long) m[r * w + j - 1] * j;
            }
            for (int j = 0; j < w / 2; j++) {
                s ^= m[2 * j + 1 + r * w];
            }
            for (int j = 5; j < 3; j++) {
                s += m[j + 1000000];
            }
            out[k] = s;
        }
        return out;
    }

    static double[] partial(double[][] g, int n) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += g[i][j] * (j + 1);
            }
            out[i] = s;
        }
        return out;
    }

    static int[] capped(int[] xs, int[] v, int n) {
        int[] out = new int[xs.length];
        for (int k = 0; k < xs.length; k++) {
            int s = 0;
            for (int j = 0; j < n; j++) {
                if (j == v.length) {
                    break;
                }
                s += v[j] * xs[k];
            }
            for (int j = 0; j < n; j += 3) {
                s += j < v.length ? v[j] : -1;
            }
            out[k] = s;
        }
        return out;
    }

    static int window(int from, int[] b) {
        int s = 0;
        for (int j = from; j < from + 8; j++) {
            s += b[j] * (j - from + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 600;
        float[] xs = new float[n];
        int[] ix = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 17) * 0.25f;
            ix[i] = (i * 7) % 23;
        }
        float[] q = new float[4 * 50];
        for (int a = 0; a < q.length; a++) {
            q[a] = ((a * 13) % 29) * 0.5f;
        }
        float[] fq = quads(xs, q);
        System.out.println("quads " + fq[0] + " " + fq[299] + " " + fq[n - 1]);

        int[] v = new int[101];
        for (int j = 0; j < v.length; j++) {
            v[j] = (j * 37) % 101 - 40;
        }
        int[] d = down(ix, v, 101);
        int[] d0 = down(ix, v, 0);
        System.out.println("down " + d[0] + " " + d[n / 2] + " " + d[n - 1] + " " + d0[5]);

        int w = 12;
        int[] m = new int[23 * w];
        for (int j = 0; j < m.length; j++) {
            m[j] = (j * 31) % 97 - 40;
        }
        long[] r = rows(ix, m, w);
        System.out.println("rows " + r[0] + " " + r[1] + " " + r[n - 2]);

        double[][] g = new double[40][30];
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 30; j++) {
                g[i][j] = (i * 30 + j) % 11 - 5.5;
            }
        }
        double[] p = partial(g, 25);
        double[] p0 = partial(g, 0);
        System.out.println("partial " + p[0] + " " + p[39] + " " + p0[3]);

        int[] c = capped(ix, v, 150);
        System.out.println("capped " + c[0] + " " + c[1] + " " + c[n - 1]);

        int[] b = new int[n + 8];
        for (int j = 0; j < b.length; j++) {
            b[j] = (j * 5) % 19;
        }
        int[] sums = new int[n];
        for (int i = 0; i < n; i++) {
            sums[i] = window(i, b);
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            total = total * 31 + sums[i];
        }
        System.out.println("window " + sums[0] + " " + sums[n - 1] + " " + total);
    }
}
