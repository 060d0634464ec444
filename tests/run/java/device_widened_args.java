// Java twin of device_widened_args.somd: every `@` is a loop whose call widens each
// argument to the parameter's type, Somd.range(n) is the array 0..n-1, `op !` folds from
// the operator's identity.
class Main {
    static long stride(long i, int x) {
        return i * 3000000000L + x;
    }

    static double halve(double i) {
        return i * 0.5;
    }

    static float third(float i) {
        return i / 3;
    }

    static int twice(int b, long k) {
        return b * 2 + (int) k;
    }

    static long wide(long c) {
        return c << 20;
    }

    static double plus(double a, double b) {
        return a + b;
    }

    static float toFloat(float f) {
        return f;
    }

    static double toDouble(double d) {
        return d;
    }

    static double mixed(double a, float b, long c) {
        return a * 2 + b + c;
    }

    static int sum(int p, int y) {
        return p + y;
    }

    static int pick(long i, int[] table) {
        return table[(int) i];
    }

    public static void main(String[] args) {
        int n = 4099;
        int[] raw = new int[n];
        byte[] rb = new byte[n];
        short[] rs = new short[n];
        char[] rc = new char[n];
        long[] rl = new long[n];
        float[] rf = new float[n];
        for (int i = 0; i < n; i++) {
            raw[i] = i * 524309 + 16777213;
            rb[i] = (byte) (i * 37);
            rs[i] = (short) (i * 4099 - 20000);
            rc[i] = (char) (65535 - i * 13);
            rl[i] = (long) i * 2305843009213693951L + 9007199254740993L;
            rf[i] = i * 0.1f + 1e7f;
        }
        int[] xs = raw.clone();
        byte[] bs = rb.clone();
        short[] ss = rs.clone();
        char[] cs = rc.clone();
        long[] ls = rl.clone();
        float[] fs = rf.clone();

        long[] a = new long[n];
        double[] d = new double[n];
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = stride(i, xs[i]);
            d[i] = halve(i);
            f[i] = third(i);
        }
        System.out.println(a[0] + " " + a[n - 1] + " " + d[n - 1] + " " + f[7] + " " + f[n - 2]);

        int[] b = new int[n];
        long[] c = new long[n];
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = twice(bs[i], 5);
            c[i] = wide(cs[i]);
            s[i] = plus(ss[i], bs[i]);
        }
        System.out.println(b[3] + " " + b[n - 1] + " " + c[1] + " " + c[n - 1] + " " + s[n - 3]);

        float[] xf = new float[n];
        double[] xd = new double[n];
        float[] lf = new float[n];
        double[] ld = new double[n];
        double[] fd = new double[n];
        float[] cf = new float[n];
        for (int i = 0; i < n; i++) {
            xf[i] = toFloat(xs[i]);
            xd[i] = toDouble(xs[i]);
            lf[i] = toFloat(ls[i]);
            ld[i] = toDouble(ls[i]);
            fd[i] = toDouble(fs[i]);
            cf[i] = toFloat(cs[i]);
        }
        System.out.println(xf[1] + " " + xf[n - 1] + " " + xd[n - 1] + " " + lf[1] + " " + lf[n - 1]);
        System.out.println(ld[0] + " " + ld[n - 1] + " " + fd[3] + " " + fd[n - 1] + " " + cf[2]);

        char k = 'x';
        double[] m = new double[n];
        for (int i = 0; i < n; i++) {
            m[i] = mixed(xs[i], k, 7);
        }
        System.out.println(m[0] + " " + m[n - 1]);

        long total = 0;
        long bits = 0;
        for (int i = 0; i < n; i++) {
            total += stride(i, xs[i]);
            bits ^= wide(cs[i]);
        }
        System.out.println(total + " " + bits);

        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = plus(xs[i], 0.25f);
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            lo = Math.min(lo, halve(w[i]));
            hi = Math.max(hi, halve(w[i]));
        }
        System.out.println(lo + " " + hi);

        int[] q = new int[n];
        for (int i = 0; i < n; i++) {
            q[i] = sum(twice(bs[i], 3), xs[i]);
        }
        System.out.println(q[0] + " " + q[n - 1] + " " + q[2049]);

        int[] tiny = new int[n - 1];
        int[] bad = new int[n];
        for (int i = 0; i < n; i++) {
            bad[i] = pick(i, tiny);
        }
        System.out.println(bad.length);
    }
}
