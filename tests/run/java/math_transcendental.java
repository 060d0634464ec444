// Transcendental Math functions: may differ from Java by a few ulp, so results are
// printed with 9 significant digits (the rule in tests/run/README.md).
class Main {
    public static void main(String[] args) {
        double[] xs = {0.1, 0.5, 1.0, 2.0, 3.5, 10.0, 100.0};
        for (int i = 0; i < xs.length; i++) {
            double x = xs[i];
            System.out.printf("%.9g %.9g %.9g %.9g %.9g %.9g%n", Math.sin(x), Math.cos(x), Math.tan(x),
                Math.exp(x), Math.log(x), Math.log10(x));
            System.out.printf("%.9g %.9g %.9g %.9g %.9g %.9g %.9g%n", Math.atan(x), Math.sinh(x / 10), Math.cosh(x / 10),
                Math.tanh(x), Math.cbrt(x), Math.pow(x, 1.5), Math.atan2(x, -1.0));
            System.out.printf("%.9g %.9g %.9g %.9g%n", Math.asin(x / 100), Math.acos(x / 100), Math.toRadians(x * 10),
                Math.toDegrees(x));
        }
        System.out.println(Math.pow(2, 10) + " " + Math.pow(2, -2) + " " + Math.pow(-8, 1.0 / 3) + " " + Math.pow(0, 0));
        System.out.println(Math.log(0) + " " + Math.log(-1) + " " + Math.exp(1000) + " " + Math.exp(-1000));
        System.out.println(Math.sin(0.0) + " " + Math.cos(0.0) + " " + Math.atan2(0.0, -0.0) + " " + Math.tanh(1000));
        System.out.printf("%.6f %.6f%n", Math.PI, Math.E);
        float f = (float) Math.sin(1.0f);
        System.out.printf("%.5f%n", f);
    }
}
