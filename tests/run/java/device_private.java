// Java twin of device_private.somd: value arrays are plain arrays, `@` a loop, and a SOMD
// method one method instance over the whole arrays.
import java.util.Random;

class Main {
    static final int DIGITS = 10;

    // A 3-vector built in place and measured in a loop.
    static double norm3(double x, double y) {
        double[] v = new double[3];
        v[0] = x;
        v[1] = y;
        v[2] = x * y - 1;
        double s = 0;
        for (int k = 0; k < v.length; k++) {
            s += v[k] * v[k];
        }
        return Math.sqrt(s);
    }

    // A literal table indexed by data.
    static int weigh(int x) {
        int[] w = {3, 1, 4, 1, 5, 9, 2, 6};
        return w[x & 7] * x + w[(x >>> 3) % w.length];
    }

    // Narrow element types: compound assignments narrow, `char` increments wrap.
    static long kinds(long x) {
        long[] l = new long[4];
        byte[] b = new byte[4];
        short[] h = new short[2];
        char[] c = {'a', (char) 65535, 'c'};
        float[] f = new float[2];
        for (int k = 0; k < 4; k++) {
            l[k] = x * (k + 1) + l[(k + 3) & 3];
            b[k] = (byte) (x >> (8 * k));
        }
        h[0] += (short) x;
        h[1] -= (short) (x >> 16);
        c[(int) (x & 1)]++;
        f[0] = x;
        f[1] = f[0] / 3;
        return l[3] ^ b[1] ^ b[3] ^ h[0] ^ h[1] ^ c[0] ^ c[1] ^ (long) (f[1] * 7);
    }

    // A helper with a private table of flags: the distinct decimal digits of `x`.
    static int distinct(int x) {
        boolean[] seen = new boolean[DIGITS];
        int count = 0;
        int v = Math.abs(x % 1000000);
        do {
            int d = v % 10;
            if (!seen[d]) {
                seen[d] = true;
                count++;
            }
            v /= 10;
        } while (v > 0);
        return count;
    }

    static int[] digits(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = distinct(a[i]);
        }
        return out;
    }

    // A median filter: each iteration gathers a window and sorts it.
    static int[] median5(int[] at, int[] src) {
        int[] out = new int[at.length];
        for (int i = 0; i < at.length; i++) {
            int[] w = new int[5];
            for (int k = 0; k < 5; k++) {
                w[k] = src[Math.min(Math.max(at[i] + k - 2, 0), src.length - 1)];
            }
            for (int p = 1; p < w.length; p++) {
                int x = w[p];
                int q = p - 1;
                while (q >= 0 && w[q] > x) {
                    w[q + 1] = w[q];
                    q--;
                }
                w[q + 1] = x;
            }
            out[i] = w[2];
        }
        return out;
    }

    // A reduction whose iterations each count digits in a fresh table: a table that kept
    // the previous iteration's counts would change the sum.
    static long commonest(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] count = new int[DIGITS];
            int v = a[i] & 0x7fffffff;
            while (v > 0) {
                count[v % 10]++;
                v /= 10;
            }
            int best = 0;
            for (int d = 1; d < DIGITS; d++) {
                if (count[d] > count[best]) {
                    best = d;
                }
            }
            s += best * 100 + count[best];
        }
        return s;
    }

    // A table the setup builds and the loop only reads: every work-item builds its own.
    static long table(int[] a) {
        int[] w = {2, 7, 1, 8, 2, 8};
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) w[(a[i] & 0x7fffffff) % w.length] * a[i];
        }
        return s;
    }

    // A 2-D nest whose cells each fill a fresh table.
    static int[][] cells(int[][] m) {
        int[][] out = new int[m.length][m.length > 0 ? m[0].length : 0];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                long[] t = new long[3];
                t[m[i][j] & 1] += m[i][j];
                t[2] = t[0] - t[1];
                out[i][j] = (int) (t[2] * 3 + t[0]);
            }
        }
        return out;
    }

    // A fresh array passed to a helper, which gets a private variant (device_private_pass),
    // and one too large, which stays on the CPU with the reason.
    static void fill(int[] t, int x) {
        for (int k = 0; k < t.length; k++) {
            t[k] = x + k;
        }
    }

    static int passes(int x) {
        int[] t = new int[4];
        fill(t, x);
        return t[x & 3];
    }

    static double large(double x) {
        double[] t = new double[200];
        for (int k = 0; k < t.length; k++) {
            t[k] = x * k;
        }
        return t[199] - t[(int) x & 127];
    }

    static double[] map_norm3(double[] x, double[] y) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = norm3(x[i], y[i]);
        }
        return r;
    }

    static int[] map_weigh(int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = weigh(x[i]);
        }
        return r;
    }

    static long[] map_kinds(long[] x) {
        long[] r = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = kinds(x[i]);
        }
        return r;
    }

    static int[] map_passes(int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = passes(x[i]);
        }
        return r;
    }

    static double[] map_large(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = large(x[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 7, 256, 5001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            Random random = new Random(77 + n);
            int[] a = new int[n];
            int[] at = new int[n];
            double[] xs = new double[n];
            double[] ys = new double[n];
            long[] ls = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = random.nextInt();
                at[i] = random.nextInt(n);
                xs[i] = random.nextDouble() * 4 - 2;
                ys[i] = random.nextDouble() * 4 - 2;
                ls[i] = random.nextLong();
            }
            a[0] = Integer.MIN_VALUE;
            double[] norms = map_norm3(xs, ys);
            int[] weights = map_weigh(a);
            long[] mixed = map_kinds(ls);
            int[] passed = map_passes(at);
            double[] big = map_large(xs);
            double ns = 0;
            long ws = 0;
            long ms = 0;
            long ps = 0;
            double bs = 0;
            for (int i = 0; i < n; i++) {
                ns += norms[i] * (i + 1);
                ws += weights[i] * (long) (i + 1);
                ms = ms * 31 + mixed[i];
                ps += passed[i];
                bs += big[i];
            }
            System.out.println(n + " @: " + ns + " " + ws + " " + ms + " " + ps + " " + bs);
            int[] d = digits(a);
            int[] med = median5(at, a);
            long ds = 0;
            long mds = 0;
            for (int i = 0; i < n; i++) {
                ds = ds * 7 + d[i];
                mds = mds * 31 + med[i];
            }
            System.out.println(n + " somd: " + ds + " " + mds + " " + commonest(a) + " " + table(a));
            int rows = 1 + n / 40;
            int[][] m = new int[rows][41];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < 41; j++) {
                    m[i][j] = random.nextInt(2001) - 1000;
                }
            }
            int[][] c = cells(m);
            long cs = 0;
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < 41; j++) {
                    cs = cs * 31 + c[i][j];
                }
            }
            System.out.println(n + " cells: " + cs);
        }
    }
}
