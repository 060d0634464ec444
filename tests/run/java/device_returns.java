// Java twin of device_returns.somd: one MI over the whole arrays.
class Main {
    static double[] relax(double[] g, double[] next,
                          int steps, double eps) {
        double diff = 0;
        for (int s = 0; s < steps; s++) {
            diff = 0;
            {
                for (int i = 1; i < g.length - 1; i++) {
                    next[i] = (g[i - 1] + g[i + 1]) * 0.5;
                    diff = Math.max(diff, Math.abs(next[i] - g[i]));
                }
            }
            if (diff < eps) return next;
            {
                for (int i = 1; i < g.length - 1; i++) g[i] = next[i];
            }
        }
        return g;
    }

    static int[] shifted(int[] a, int k) {
        int[] out = new int[a.length];
        if (k == 0) return a;
        for (int i = 0; i < a.length; i++) out[i] = a[i] * 3 + k;
        return out;
    }

    static double scaled(double[] x, double f) {
        if (f == 0.0) return 0.0;
        double s = 0;
        for (int i = 0; i < x.length; i++) s += x[i] * f;
        return s;
    }

    static int firstRound(int[] a, int rounds, long limit) {
        long part = 0;
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            part = 0;
            {
                for (int i = 0; i < a.length; i++) part += a[i] % (r + 2);
            }
            total += part;
            if (total > limit) return r * 10 + (int) (total % 7);
        }
        return -1;
    }

    static long[] grow(long[] a, long limit) {
        long[] out = new long[a.length];
        long top = 0;
        for (int round = 0; round < 50; round++) {
            {
                for (int i = 0; i < a.length; i++) out[i] = out[i] + a[i] * (round + 1);
            }
            top = Long.MIN_VALUE;
            {
                for (int i = 0; i < a.length; i++) top = Math.max(top, out[i]);
            }
            if (top > limit) return out;
        }
        return a;
    }

    static void touch(int[] a, int k) {
        if (k < 0) return;
        {
            for (int i = 0; i < a.length; i++) a[i] = a[i] + k;
        }
    }

    static long sum(double[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + (long) (x[i] * 1000000.0);
        return s;
    }

    static long sum(int[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + x[i];
        return s;
    }

    static long sum(long[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) s = s * 31 + x[i];
        return s;
    }

    public static void main(String[] args) {
        int n = 1000;
        for (int t = 0; t < 3; t++) {
            double[] g = new double[n];
            double[] next = new double[n];
            for (int i = 0; i < n; i++) {
                g[i] = (i * 37 % 101) / 10.0;
                next[i] = -7.0;
            }
            double eps = t == 0 ? 1.0 : t == 1 ? 0.6 : 1e-9;
            double[] r = relax(g, next, 200, eps);
            System.out.println("relax " + eps + " " + sum(r) + " " + r[0] + " " + r[n - 1]);
        }
        int[] a = new int[n];
        double[] x = new double[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1013 - 300;
            x[i] = (i % 13) * 0.25;
            b[i] = (i % 17) - 5;
        }
        System.out.println("shifted " + sum(shifted(a, 0)) + " " + sum(shifted(a, 5)));
        System.out.println("scaled " + scaled(x, 0.0) + " " + scaled(x, 1.5));
        System.out.println("firstRound " + firstRound(a, 8, 2000) + " " + firstRound(a, 8, 0)
            + " " + firstRound(a, 8, Long.MAX_VALUE));
        System.out.println("grow " + sum(grow(b, 2000)) + " " + sum(grow(b, Long.MAX_VALUE)));
        // Its writes are its own (parameters are by value): nothing to print.
        touch(a, -1);
        touch(a, 4);
    }
}
