// Java twin of saxpy.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Saxpy (y = alpha * x + y in single precision), after Fumero et al. (001) Listing 3,
// written twice: as a SOMD method over two `dist` arrays, and as a map `@` over two value
// arrays with `alpha` broadcast. Both compute each element with one multiply and one add,
// so the two results are equal element for element, which `==` on value arrays checks.
//
// Usage: saxpy [N]   (default N = 100000)

import java.util.Random;

class Saxpy {

    static float[] saxpy(float alpha, float[] x, float[] y) {
        float[] result = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            result[i] = alpha * x[i] + y[i];
        }
        return result;
    }

    static float axpy(float alpha, float x, float y) {
        return alpha * x + y;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        float alpha = 1.5f;
        Random random = new Random(1);
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat();
            y[i] = random.nextFloat();
        }

        float[] somd = saxpy(alpha, x, y);
        float[] mapped = new float[n];
        for (int i = 0; i < n; i++) {
            mapped[i] = axpy(alpha, x[i], y[i]);
        }

        double checksum = 0;
        for (int i = 0; i < n; i++) {
            checksum += somd[i];
        }
        System.out.println("saxpy n=" + n);
        System.out.println("result[0] " + somd[0] + " result[n-1] " + somd[n - 1]);
        System.out.printf("checksum %.6f%n", checksum);
        System.out.println(java.util.Arrays.equals(somd, mapped) ? "SOMD and @ agree" : "SOMD and @ differ");
    }
}
