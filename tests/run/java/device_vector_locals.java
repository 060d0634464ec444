// Java twin of device_vector_locals.somd.
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
    // A setup local holding the vector parameter, a row local in the loop.
    static float pull(float[][] ps, float[] centre) {
        float[] c = centre;
        float e = 0;
        for (int i = 0; i < ps.length; i++) {
            float[] p = ps[i];
            e += (p[0] - c[0]) * p[3] + (p[1] - c[1]) * c[3];
        }
        return e;
    }

    // A map writing one value per row.
    static float[] norms(float[][] ps) {
        float[] r = new float[ps.length];
        for (int i = 0; i < ps.length; i++) {
            float[] p = ps[i];
            r[i] = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - p.length;
        }
        return r;
    }

    // Rows of three: no vector, a pointer and a length.
    static long triples(int[][] m, int[] w) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            int[] row = m[i];
            int[] v = w;
            s += (long) row[0] * v[2] + row[1] * v[1] + row[2] * v[0] + row.length;
        }
        return s;
    }

    // A histogram keyed by a vector row and a vector parameter.
    static int[] buckets(int[][] m, int[] mask) {
        int[] h = new int[8];
        for (int i = 0; i < m.length; i++) {
            int[] q = m[i];
            h[((q[0] & mask[0]) ^ (q[3] & mask[3])) & 7]++;
        }
        return h;
    }

    // Launches in a host loop reading lanes at the round's index, and vectors the host
    // makes each round.
    static float[] relax(float[][] ps, float[] w, int rounds) {
        float[] r = new float[ps.length];
        for (int t = 0; t < rounds; t++) {
            float[] ww = w;
            float[] g = new float[]{t * 0.5f, -t, 1f / (t + 1), ww[t % 4]};
            for (int i = 0; i < ps.length; i++) {
                float[] p = ps[i];
                r[i] = r[i] * 0.5f + p[t % 4] * w[(t + 1) % 4] + g[0] - g[3] * p[1] + g[((int) p[0] + t) & 3] * ww[1];
            }
        }
        return r;
    }

    // A 2-D nest over the rows and the lanes.
    static double[][] scaled(double[][] ps, double[] s) {
        double[][] r = new double[ps.length][2];
        for (int i = 0; i < ps.length; i++) {
            for (int j = 0; j < 2; j++) {
                r[i][j] = ps[i][j] * s[j] + s[1 - j];
            }
        }
        return r;
    }

    static int dot4(int[] a, int[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    }

    static long part(int[][] m, int[] w) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            s += dot4(m[i], w);
        }
        return s;
    }

    static long[] centred(int[][] m, int[] w) {
        long total = part(m, w);
        long[] r = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] q = m[i];
            r[i] = dot4(q, w) * 1000L - total;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 5000;
        float[][] raw = new float[n][4];
        int[][] t3 = new int[n][3];
        int[][] t4 = new int[n][4];
        double[][] d2 = new double[n][2];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++) {
                raw[i][k] = (i % 101) * 0.5f + k;
                t4[i][k] = i * 7 + k * 13;
            }
            for (int k = 0; k < 3; k++) {
                t3[i][k] = i - k * 5;
            }
            d2[i][0] = i * 0.25;
            d2[i][1] = 1.0 / (i + 1);
        }
        float[][] ps = raw;
        float[] c = new float[]{1f, 2f, 3f, 0.5f};
        System.out.println("pull " + pull(ps, c));
        float[] nn = norms(ps);
        System.out.println("norms " + nn[0] + " " + nn[n - 1] + " " + nn[777]);
        System.out.println("triples " + triples(t3, new int[]{2, -3, 5}));
        int[] h = buckets(t4, new int[]{0x35, -1, 0, 0x6a});
        for (int b = 0; b < h.length; b++) {
            System.out.print(h[b] + " ");
        }
        System.out.println();
        float[] rr = relax(ps, c, 6);
        System.out.println("relax " + rr[0] + " " + rr[n - 1] + " " + rr[777]);
        double[][] sd = scaled(d2, new double[]{1.5, -0.75});
        long[] ce = centred(t4, new int[]{3, -1, 2, 5});
        System.out.println("centred " + ce[0] + " " + ce[n - 1] + " " + ce[2500]);
        System.out.println("scaled " + sd[0][0] + " " + sd[0][1] + " " + sd[n - 1][0] + " " + sd[n - 1][1] + " " + sd[1234][1]);
    }
}
