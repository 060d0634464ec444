// Java twin of normalize.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Vector normalisation with a scalar, SOMD paper (000) Listing 12.
//
// `double norm` gives every MI its own copy starting at 0. The `sync // (norm)` block accumulates the MI's partial sum of squares; after the block the copies
// are added together and every MI holds the global sum. The remaining code is
// MI-local. The listing divides an `int[]` by a `double`; this version uses `double[]`.
//
// Usage: normalize [N]   (default N = 100000)

import java.util.Random;

class Normalize {

    static double[] normalize(double[] a) {
        double norm = 0;
        {
            for (int i = 0; i < a.length; i++) {
                norm += a[i] * a[i];
            }
        }
        norm = Math.sqrt(norm);
        double[] result = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            result[i] = a[i] / norm;
        }
        return result;
    }

    static double sumOfSquares(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        Random random = new Random(12);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextGaussian();
        }

        double[] unit = normalize(a);
        double check = Math.sqrt(sumOfSquares(unit));

        System.out.println("normalize n=" + n);
        System.out.printf("norm of result %.9f%n", check);
        System.out.printf("unit[0] %.9f unit[n/2] %.9f%n", unit[0], unit[n / 2]);
    }
}
