// `Math.hypot` is Java's bit for bit on the host and in kernels (fdlibm's algorithm, which
// the JDK's `Math.hypot` is): pairs over magnitudes from subnormal to huge, infinities and
// NaNs, hashed by their bits.
import java.util.Random;

class Main {
    static double h(double a, double b) {
        return Math.hypot(a, b);
    }

    public static void main(String[] args) {
        Random r = new Random(11);
        int n = 4000;
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(2100) - 1075);
            ys[i] = i % 3 == 0 ? xs[i] * r.nextDouble() * 4 : r.nextDouble() * 100000;
        }
        xs[0] = 1.0 / 0.0;
        ys[1] = 0.0 / 0.0;
        xs[2] = -0.0;
        ys[2] = 0.0;
        double[] onDevice = new double[n];
        for (int i = 0; i < n; i++) {
            onDevice[i] = h(xs[i], ys[i]);
        }
        long host = 0;
        long device = 0;
        for (int i = 0; i < n; i++) {
            host = host * 31 + Double.doubleToLongBits(Math.hypot(xs[i], ys[i]));
            device = device * 31 + Double.doubleToLongBits(onDevice[i]);
        }
        System.out.println(host + " " + device);
        System.out.println(Math.hypot(65535.9, 3.0) + " " + onDevice[0] + " " + onDevice[1]);
    }
}
