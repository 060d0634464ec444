// Java twin of device_widen.somd: each SOMD method runs as one method instance, each `@` is a
// loop over the elements, `==` of value arrays is Arrays.equals and `Somd.offset` is 0.
class One {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = length;
        }
        return b;
    }
}

class Main {
    static float[] axpyF(float a, float[] x, float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = a * x[i] + y[i];
        }
        return r;
    }

    static double[] axpyD(double a, double[] x, double[] y) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = a * x[i] - y[i] / 3.0;
        }
        return r;
    }

    static int[] mixI(int a, int[] x, int[] y) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = (a * x[i] - (y[i] >> 3)) ^ (0 + i);
        }
        return r;
    }

    static long[] mixL(long a, long[] x, long[] y) {
        long[] r = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = a * x[i] + y[i] * (long) (0 + i);
        }
        return r;
    }

    // Only the odd elements are stored.
    static int[] odds(int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            if ((x[i] & 1) != 0) {
                r[i] = x[i] * 3 + 1;
            }
        }
        return r;
    }

    // `y` may be one element short: its elements are read only where `x[i] > 0`.
    static float[] pick(float[] x, float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0) {
                r[i] = x[i] * y[i];
            } else {
                r[i] = -x[i];
            }
        }
        return r;
    }

    static float fF(float a, float x, float y) {
        return a * x + y;
    }

    static double fD(double x, double y) {
        return x * y - 0.5;
    }

    static int fI(int x, int y) {
        return x * 31 + y;
    }

    static long fL(long x, long y) {
        return x * y + 7L;
    }

    static float sumF(float[] a) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 0.5f + a[i];
        }
        return s;
    }

    static double sumD(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 0.5 + a[i];
        }
        return s;
    }

    static long sumL(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 31 + a[i];
        }
        return s;
    }

    static long sumI(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 31 + a[i];
        }
        return s;
    }

    static String ends(float[] a) {
        return a.length == 0 ? "-" : a[0] + " " + a[a.length - 1];
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 3, 5, 4 * 25 + 3, 4 * 1000 + 3};
        for (int li = 0; li < lengths.length; li++) {
            int n = lengths[li];
            float[] xf = new float[n];
            float[] yf = new float[n];
            double[] xd = new double[n];
            double[] yd = new double[n];
            int[] xi = new int[n];
            int[] yi = new int[n];
            long[] xl = new long[n];
            long[] yl = new long[n];
            for (int i = 0; i < n; i++) {
                xf[i] = i * 0.37f - 5.0f;
                yf[i] = 1.0f - i * 0.11f;
                xd[i] = i * 0.37 - 5.0;
                yd[i] = 1.0 - i * 0.11;
                xi[i] = i * 7919 - 100000;
                yi[i] = i * 104729 + 12345;
                xl[i] = i * 3000000019L - 7L;
                yl[i] = 1000000007L - i;
            }
            float[] rf = axpyF(1.5f, xf, yf);
            double[] rd = axpyD(1.5, xd, yd);
            int[] ri = mixI(-3, xi, yi);
            long[] rl = mixL(123456789L, xl, yl);
            int[] ro = odds(xi);
            float[] mf = new float[n];
            double[] md = new double[n];
            int[] mi = new int[n];
            long[] ml = new long[n];
            for (int i = 0; i < n; i++) {
                mf[i] = fF(1.5f, xf[i], yf[i]);
                md[i] = fD(xd[i], yd[i]);
                mi[i] = fI(xi[i], yi[i]);
                ml[i] = fL(xl[i], yl[i]);
            }
            System.out.println("n=" + n + " " + ends(rf) + " " + sumF(rf) + " " + sumD(rd)
                    + " " + sumI(ri) + " " + sumL(rl) + " " + sumI(ro));
            System.out.println("  @ " + java.util.Arrays.equals(mf, axpyF(1.5f, xf, yf)) + " "
                    + mf.length + " " + md.length + " " + mi.length + " " + ml.length);
            double s = 0;
            long t = 0;
            for (int i = 0; i < n; i++) {
                s = s * 0.5 + mf[i] + md[i];
                t = t * 31 + mi[i] + ml[i];
            }
            System.out.println("  @ " + s + " " + t);
            if (n > 0) {
                // `y` one short, its last element unread: x's last element is not positive.
                float[] shortY = new float[n - 1];
                for (int i = 0; i < n - 1; i++) {
                    shortY[i] = 2.0f + i;
                }
                float[] xp = new float[n];
                for (int i = 0; i < n; i++) {
                    xp[i] = i == n - 1 ? -1.0f - i : (i % 3 == 0 ? -0.5f * i : 0.25f * i);
                }
                float[] rp = pick(xp, shortY);
                System.out.println("  short " + ends(rp) + " " + sumF(rp));
            }
        }
    }
}
