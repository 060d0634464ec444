// Math functions whose results are exactly specified (correctly rounded or exact).
class Main {
    public static void main(String[] args) {
        double[] xs = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.7, -3.7, 1e15 + 0.5, 4503599627370497.0, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, -1e-300};
        for (int i = 0; i < xs.length; i++) {
            double x = xs[i];
            System.out.println(x + ": abs " + Math.abs(x) + " floor " + Math.floor(x) + " ceil " + Math.ceil(x)
                + " rint " + Math.rint(x) + " round " + Math.round(x) + " signum " + Math.signum(x)
                + " sqrt " + Math.sqrt(x));
        }
        float[] fs = {0.5f, -0.5f, 2.5f, -2.5f, 1e10f, Float.NaN, -7.25f};
        for (int i = 0; i < fs.length; i++) {
            float f = fs[i];
            System.out.println(f + ": abs " + Math.abs(f) + " round " + Math.round(f) + " signum " + Math.signum(f)
                + " sqrt " + Math.sqrt(f) + " max " + Math.max(f, 0f) + " min " + Math.min(f, 0f));
        }
        System.out.println(Math.abs(-5) + " " + Math.abs(-5L) + " " + Math.min(3, -4) + " " + Math.max(3L, 9L)
            + " " + Math.min(-0.0f, 0.0f) + " " + Math.max(2, 7.5));
        System.out.println(Math.sqrt(2.0) + " " + Math.sqrt(144.0) + " " + Math.sqrt(1e-310));
        System.out.println(Math.hypot(3, 4) + " " + Math.hypot(5, 12) + " " + Math.hypot(0, -2.5));
        System.out.println(Math.round(0.49999999999999994) + " " + Math.round(-0.49999999999999994) + " " + Math.round(1e19)
            + " " + Math.round(-1e19) + " " + Math.round(2.5e9f));
        System.out.println(Math.floor(-0.5) + " " + Math.ceil(-0.5) + " " + Math.rint(0.5) + " " + Math.rint(-1.5));
        System.out.println(Math.abs(Integer.MIN_VALUE + 1) + " " + Math.abs(-0.0f));
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            sum += (long) Math.sqrt(i * 1000.0) + Math.round(i / 7.0) + (long) Math.floor(-i / 3.0);
        }
        System.out.println(sum);
    }
}
