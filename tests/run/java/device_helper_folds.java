// Java twin of device_helper_folds.somd: each `@` is a loop over the rows, `op !` a fold
// from the operator's identity.
class Main {
    static long total(int[] v) {
        int s = 0;
        for (int x : v) s += x;
        return s;
    }

    static double spread(double[] v) {
        double hi = Double.NEGATIVE_INFINITY;
        double lo = Double.POSITIVE_INFINITY;
        for (double x : v) {
            hi = Math.max(hi, x);
            lo = Math.min(lo, x);
        }
        return hi - lo;
    }

    static long rowScore(int[] r) {
        return total(r) * 3 + 1;
    }

    static double rowSpread(double[] r) {
        return spread(r) * 2;
    }

    public static void main(String[] args) {
        int[] a = new int[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 37) % 101 - 50;
        }
        long t = 0;
        for (int r = 0; r < 4; r++) {
            t += total(a) * (r + 1);
        }
        System.out.println(t);
        int[][] m = new int[64][40];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = (i * j) % 13 - i;
            }
        }
        long[] s = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            s[i] = rowScore(m[i]);
        }
        System.out.println(s[0] + " " + s[17] + " " + s[63]);
        double[] d = new double[3000];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.sin(i * 0.01) * 100;
        }
        System.out.println(spread(d));
        double[][] dm = new double[16][256];
        for (int i = 0; i < dm.length; i++) {
            for (int j = 0; j < dm[i].length; j++) {
                dm[i][j] = Math.cos(i + j * 0.5) * (i + 1);
            }
        }
        double[] sp = new double[dm.length];
        for (int i = 0; i < dm.length; i++) {
            sp[i] = rowSpread(dm[i]);
        }
        System.out.println(sp[0] + " " + sp[15]);
        System.out.println(total(new int[0]));
    }
}
