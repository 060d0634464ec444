// Java twin of device_math_exp.somd: the `@` as a loop.
// Math.exp at both ends of its range (kernels call `somd_dexp`): Java's exp is finite up to
// 709.782712893384, where a device's exp may already overflow (PoCL gave Infinity from
// 709.7827111600001 on), and subnormal down to -745.1332191019411, where a device's exp may
// flush to 0 early (NVIDIA's gave 0 for -745). The values print to 12 significant digits,
// subnormal ones to 2 (exp may be a few ulp off Java's on a device: LANGUAGE.md §1.5);
// whether each is finite prints exactly.
class Main {
    static double e(double x) {
        return Math.exp(x);
    }

    static double[] exps(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = Math.exp(x[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        double[] xs = {709.0, 709.0000001, 709.5, 709.78, 709.7827111, 709.78271116, 709.782712,
            709.782712893384, 709.7827128933841, 709.8, 710.0, 0.5, -0.0, -707.9, -708.5, -720.0,
            -740.0, -745.0, -745.1332191019411, -745.2};
        int n = 4096;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = xs[i % xs.length];
        }
        double[] r = exps(x);
        double[] m = new double[n];
        for (int i = 0; i < n; i++) {
            m[i] = e(x[i]);
        }
        int finite = 0;
        for (int i = 0; i < n; i++) {
            if (r[i] < Double.POSITIVE_INFINITY && m[i] < Double.POSITIVE_INFINITY) {
                finite++;
            }
        }
        System.out.println("finite " + finite);
        for (int i = 0; i < xs.length; i++) {
            // Subnormal results have fewer significant bits: 2 digits.
            if (xs[i] < -700) {
                System.out.printf("%.1e %.1e%n", r[i], m[i]);
            } else {
                System.out.printf("%.11e %.11e%n", r[i], m[i]);
            }
        }
    }
}
