// Java twin of norm.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Vector normalisation with an intermediate reduction, SOMD paper (000) Listing 10.
//
// `sumProd` carries `reduce(+)` but has no `dist` parameter. Called inside the MIs of
// `normalize`, it runs in every MI on that MI's partition; the partial sums are combined
// with `+` and every MI continues with the global value (section 2.4). The call is in
// straight-line code, so every MI reaches it. The listing divides an `int[]` by a
// `double`, which Java rejects; this version uses `double[]`.
//
// Usage: norm [N]   (default N = 100000)

import java.util.Random;

class Norm {

    static double[] normalize(double[] a) {
        double norm = Math.sqrt(sumProd(a));
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] / norm;
        }
        return a;
    }

    static double sumProd(double[] a) {
        double sumProd = 0;
        for (int i = 0; i < a.length; i++) {
            sumProd += a[i] * a[i];
        }
        return sumProd;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        Random random = new Random(10);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextInt(201) - 100;
        }

        // Outside a SOMD method `sumProd` is an ordinary call over the whole array.
        double before = Math.sqrt(sumProd(a));
        // SOMD parameters are passed by value.
        double[] unit = normalize(a.clone());
        double after = Math.sqrt(sumProd(unit));

        // The caller's array is unchanged: parameters are passed by value.
        System.out.println("norm n=" + n);
        System.out.printf("norm before %.6f%n", before);
        System.out.printf("norm after  %.9f%n", after);
        System.out.printf("unit[0] %.9f unit[n-1] %.9f%n", unit[0], unit[n - 1]);
        System.out.printf("a[0] unchanged %.1f%n", a[0]);
    }
}
