// Java twin of stdlib_math.somd: the same program without the `local` modifier; the map
// `Main @ pair(Somd.range(64))` is a loop.
// The Math functions written in the language (stdlib/math.somd) on their corner cases:
// MIN_VALUE, MAX_VALUE, NaN, -0.0, infinities; bits show the sign of zeros and results.
class Main {
    static int clampAbs(int x, int lo, int hi) {
        return Math.max(lo, Math.min(hi, Math.abs(x)));
    }

    static double corner(int k) {
        return k == 0 ? 0.0 : k == 1 ? -0.0 : k == 2 ? Double.NaN : k == 3 ? Double.POSITIVE_INFINITY
            : k == 4 ? Double.NEGATIVE_INFINITY : k == 5 ? Double.MIN_VALUE : k == 6 ? -2.5 : 1e308;
    }

    // Every library function on a pair of corner cases, folded into the bits of one long:
    // the target of a map, so it also runs as a kernel's helper functions on a device.
    static long pair(int k) {
        double a = corner(k % 8);
        double b = corner(k / 8);
        float fa = (float) a;
        float fb = (float) b;
        long bits = Double.doubleToLongBits(Math.min(a, b)) ^ (Double.doubleToLongBits(Math.max(a, b)) * 31L);
        bits ^= ((long) Float.floatToIntBits(Math.min(fa, fb)) << 7) ^ ((long) Float.floatToIntBits(Math.max(fa, fb)) << 13);
        bits ^= Double.doubleToLongBits(Math.signum(a)) ^ ((long) Float.floatToIntBits(Math.signum(fb)) << 3);
        bits ^= Double.doubleToLongBits(Math.toRadians(a)) ^ (Double.doubleToLongBits(Math.toDegrees(b)) >>> 5);
        return bits + Math.abs((long) k - 40L) + Math.abs(k - 40) + Math.min(k, 33) + Math.max(k, 20)
            + Math.min((long) k, 30L) + Math.max((long) k, 50L);
    }

    public static void main(String[] args) {
        int[] is = {0, 1, -1, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1};
        for (int i = 0; i < is.length; i++) {
            int a = is[i];
            System.out.print(a + ": abs " + Math.abs(a));
            for (int j = 0; j < is.length; j++) {
                System.out.print(" " + Math.min(a, is[j]) + "/" + Math.max(a, is[j]));
            }
            System.out.println();
        }
        long[] ls = {0L, 1L, -1L, 1L << 40, -(1L << 40), Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
        for (int i = 0; i < ls.length; i++) {
            long a = ls[i];
            System.out.print(a + ": abs " + Math.abs(a));
            for (int j = 0; j < ls.length; j++) {
                System.out.print(" " + Math.min(a, ls[j]) + "/" + Math.max(a, ls[j]));
            }
            System.out.println();
        }
        float[] fs = {0.0f, -0.0f, 1.5f, -1.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE};
        for (int i = 0; i < fs.length; i++) {
            float a = fs[i];
            System.out.print(a + ": signum " + Math.signum(a) + " " + Float.floatToIntBits(Math.signum(a)));
            for (int j = 0; j < fs.length; j++) {
                float lo = Math.min(a, fs[j]);
                float hi = Math.max(a, fs[j]);
                System.out.print(" " + lo + "/" + hi + "/" + Float.floatToIntBits(lo) + "/" + Float.floatToIntBits(hi));
            }
            System.out.println();
        }
        double[] ds = {0.0, -0.0, 2.5, -2.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 180.0, -90.0, Math.PI, 1e308, 1e-320};
        for (int i = 0; i < ds.length; i++) {
            double a = ds[i];
            System.out.print(a + ": signum " + Math.signum(a) + " " + Double.doubleToLongBits(Math.signum(a))
                + " rad " + Math.toRadians(a) + " deg " + Math.toDegrees(a)
                + " " + Double.doubleToLongBits(Math.toRadians(a)) + " " + Double.doubleToLongBits(Math.toDegrees(a)));
            for (int j = 0; j < ds.length; j++) {
                double lo = Math.min(a, ds[j]);
                double hi = Math.max(a, ds[j]);
                System.out.print(" " + lo + "/" + hi + "/" + Double.doubleToLongBits(lo) + "/" + Double.doubleToLongBits(hi));
            }
            System.out.println();
        }
        // Mixed argument types pick Java's overloads: (int, long) is max(long, long), (int, float)
        // is min(float, float), (long, double) is max(double, double).
        System.out.println(Math.max(3, 1L << 33) + " " + Math.min(2, 1.5f) + " " + Math.max(1L << 60, 0.5)
            + " " + Math.abs((short) -12) + " " + Math.abs('a') + " " + Math.toRadians(45) + " " + Math.toDegrees(1));
        long[] pairs = new long[64];
        for (int i = 0; i < 64; i++) {
            pairs[i] = pair(i);
        }
        for (int i = 0; i < pairs.length; i++) {
            System.out.println("pair " + i + ": " + pairs[i]);
        }
        long sum = 0;
        for (int i = -1000; i < 1000; i++) {
            sum += clampAbs(i * 7919, 10, 5000) + Math.max(i, -i) + Math.abs((long) i * 1000003L);
        }
        System.out.println(sum);
        double acc = 0.0;
        for (int i = 0; i < 360; i++) {
            acc += Math.toDegrees(Math.toRadians(i)) + Math.signum(i - 180.0) + Math.max(i * 0.5, 90.0);
        }
        System.out.println(acc);
    }
}
