// Java twin of device_fresh.somd: one MI over the whole arrays.
class Main {
    static double[] sweeps(double[] g, int rounds) {
        for (int r = 0; r < rounds; r++) {
            double[] next = new double[g.length];
            {
                for (int i = 1; i < g.length - 1; i++) {
                    next[i] = (g[i - 1] + g[i + 1]) * 0.5 + next[i] + 1.0;
                }
            }
            {
                for (int i = 1; i < g.length - 1; i++) g[i] = next[i] + r;
            }
        }
        return g;
    }

    static long[] pick(long[] a, int mode) {
        long[] out = new long[a.length];
        if (mode > 0) {
            long[] t = new long[a.length];
            {
                for (int i = 0; i < a.length; i++) t[i] = t[i] + a[i] * mode;
            }
            {
                for (int i = 0; i < a.length; i++) out[i] = t[i] + 1;
            }
        } else {
            {
                for (int i = 0; i < a.length; i++) out[i] = a[i] - 1;
            }
        }
        return out;
    }

    static int[] firstOver(int[] a, int limit) {
        int top = 0;
        for (int r = 1; r <= 20; r++) {
            int[] scaled = new int[a.length];
            {
                for (int i = 0; i < a.length; i++) scaled[i] = scaled[i] + a[i] * r;
            }
            top = Integer.MIN_VALUE;
            {
                for (int i = 0; i < a.length; i++) top = Math.max(top, scaled[i]);
            }
            if (top > limit) return scaled;
        }
        return a;
    }

    static double[][] blur(double[][] m, int rounds) {
        int w = m.length > 0 ? m[0].length : 0;
        while (rounds > 0) {
            double[][] t = new double[m.length][w];
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 1; j < w - 1; j++) t[i][j] = (m[i][j - 1] + m[i][j + 1]) * 0.5 + t[i][j];
                }
            }
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < w; j++) m[i][j] = t[i][j] + rounds;
                }
            }
            rounds--;
        }
        return m;
    }

    static long sum(double[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + (long) (x[i] * 1000.0);
        return s;
    }

    static long sum(long[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + x[i];
        return s;
    }

    static long sum(int[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + x[i];
        return s;
    }

    public static void main(String[] args) {
        int n = 700;
        double[] g = new double[n];
        long[] a = new long[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            g[i] = (i * 13 % 29) * 0.5;
            a[i] = (i * 31 % 97) - 40;
            b[i] = (i * 17 % 101) - 30;
        }
        System.out.println("sweeps " + sum(sweeps(g, 6)));
        System.out.println("pick " + sum(pick(a, 3)) + " " + sum(pick(a, 0)));
        System.out.println("firstOver " + sum(firstOver(b, 500)) + " " + sum(firstOver(b, 100000)));
        double[][] m = new double[120][33];
        for (int i = 0; i < 120; i++) {
            for (int j = 0; j < 33; j++) m[i][j] = (i + 2 * j) % 11;
        }
        double[][] r = blur(m, 5);
        double s = 0;
        for (int i = 0; i < 120; i++) {
            for (int j = 0; j < 33; j++) s = s * 0.5 + r[i][j];
        }
        System.out.println("blur " + s);
    }
}
