// Java twin of device_math_pow.somd.
class Main {
    static double[] powers(double[] x, double[] y) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = Math.pow(x[i], y[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        double[] xs = {1.0, 1.0, -1.0, 1.0, -1.0, nan, nan, 0.0, -0.0, -0.0, 2.0, 0.5, -2.0, -8.0, 10.0, 1.5};
        double[] ys = {nan, inf, inf, -inf, -inf, 0.0, 1.0, -1.0, -1.0, -3.0, -inf, -inf, 3.0, 1.0 / 3, 308.5, 2.0};
        int n = 4096;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = xs[i % xs.length];
            y[i] = ys[i % ys.length];
        }
        double[] r = powers(x, y);
        String line = "";
        for (int i = 0; i < xs.length; i++) {
            line = line + r[i] + " ";
        }
        System.out.println(line);
        int same = 0;
        for (int i = 0; i < n; i++) {
            double want = Math.pow(x[i], y[i]);
            if (Double.doubleToLongBits(r[i]) == Double.doubleToLongBits(want)) {
                same++;
            }
        }
        System.out.println("same " + same + " of " + n);
    }
}
