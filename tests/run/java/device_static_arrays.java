// Java twin of device_static_arrays.somd: one MI over the whole arrays (`Somd.offset` is
// 0); `bumpAll` writes its by-value parameter: a copy.
class Main {
    static int[] rowPtr;
    static int[] col;
    static double[] w = new double[0];
    static double[] scale = new double[4];
    static double[] bumped;
    static long[] counts;

    static double[] spmv(double[] y, int[] rowPtr, int[] col, double[] w, double[] x) {
        for (int i = 0; i < y.length; i++) {
            int r = i + 0;
            double s = 0;
            for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
                s += w[k] * x[col[k]];
            }
            y[i] = (s + r) % 1009.0;
        }
        return y;
    }

    static double diff(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s;
    }

    static double[] scaled(double[] y, double[] scale) {
        for (int i = 0; i < y.length; i++) {
            y[i] = scale[(i + 0) % scale.length] * (i + 0);
        }
        return y;
    }

    static long total(long[] c) {
        long s = 0;
        for (int i = 0; i < c.length; i++) {
            s += c[i];
        }
        return s;
    }

    static long bumpAll(long[] c) {
        c = c.clone();
        long s = 0;
        for (int i = 0; i < c.length; i++) {
            c[i] = c[i] + 1;
            s += c[i];
        }
        return s;
    }

    static void bump(double[] a) {
        a[0] = a[0] + 1;
    }

    static double weightOf(int k) {
        return w[k] + col.length;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int deg = Integer.parseInt(args[1]);
        rowPtr = new int[n + 1];
        col = new int[n * deg];
        w = new double[n * deg];
        bumped = new double[n * deg];
        for (int i = 0; i < n; i++) {
            rowPtr[i + 1] = rowPtr[i] + deg;
            for (int k = 0; k < deg; k++) {
                col[i * deg + k] = (int) ((i * 31L + k * 977L) % n);
                w[i * deg + k] = k % 3 + 1;
                bumped[i * deg + k] = k % 2;
            }
        }
        for (int k = 0; k < scale.length; k++) {
            scale[k] = k + 0.5;
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 17;
        }
        for (int it = 0; it < 5; it++) {
            double[] y = spmv(new double[n], rowPtr, col, w, x);
            double d = diff(x, y);
            x = y;
            System.out.println(it + " " + d + " " + weightOf(it));
        }
        for (int it = 0; it < 3; it++) {
            double[] y = spmv(new double[n], rowPtr, col, bumped, x);
            bump(bumped);
            x = y;
        }
        System.out.println("x " + x[0] + " " + x[n - 1] + " " + bumped[0]);
        counts = new long[n];
        for (int i = 0; i < n; i++) {
            counts[i] = i % 5;
        }
        long t = 0;
        for (int r = 0; r < 3; r++) {
            t += total(counts) + bumpAll(counts);
        }
        for (int r = 0; r < 3; r++) {
            counts[r] = 100;
            t += total(counts);
        }
        System.out.println("counts " + t + " " + counts[0] + " " + counts[3]);
        double u = 0;
        for (int r = 0; r < 2; r++) {
            double[] z = scaled(new double[9], scale);
            u += z[r + 5];
        }
        System.out.println("scaled " + u);
    }
}
