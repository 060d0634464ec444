// printf / String.format with %f %e %g: precision, width, flags, rounding half-up.
class Main {
    public static void main(String[] args) {
        double[] values = {0.0, -0.0, 1.0, -1.5, 0.125, 0.5, 1.5, 2.5, 1234.5678, -0.000123456, 1e-10,
            123456789.987654321, 1e20, 9.9999995, 0.05, 0.15, 0.25, 0.35, 2.675, 1e-5, 99999.95, 5e-324, Double.MAX_VALUE};
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            System.out.printf("%f|%.2f|%.0f|%10.3f|%-10.1f|%010.2f|%e|%.3e|%12.2e|%g|%.3g|%10.4g%n",
                v, v, v, v, v, v, v, v, v, v, v, v);
        }
        float f = 1.1f;
        System.out.printf("%f %.10f %e %g%n", f, f, f, f);
        System.out.printf("%f %e %g%n", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        System.out.printf("[%8f] [%-12e] [%.1g]%n", Double.NaN, Double.NEGATIVE_INFINITY, 0.0);
        System.out.printf("%.1f %.1f %.1f %.1f%n", 0.05, 0.15, 0.25, 0.35);
        System.out.printf("%.2f %.2f %.2f%n", 1.005, 1.015, 1.025);
        System.out.printf("%.15f%n", 0.1);
        System.out.printf("%.20f%n", 0.1);
        System.out.printf("%g %g %g %g %g%n", 0.0001, 0.00001, 123456.0, 1234567.0, 999999.5);
        System.out.printf("%.0e %.0e%n", 1.5, 2.5);
        String s = String.format("%.4f/%.4e", Math.PI, Math.E * 1e100);
        System.out.println(s);
        double acc = 0;
        for (int i = 1; i <= 1000; i++) {
            acc += 1.0 / i;
        }
        System.out.printf("harmonic %.12f%n", acc);
    }
}
