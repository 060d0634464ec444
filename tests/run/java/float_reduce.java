// Java twin of float_reduce.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Floating-point reductions may be reassociated (LANGUAGE.md 2.3, 3.5), so their results
// are printed rounded with %.6f / %.4e; sums of small integers and of powers of two are
// exact in any order and printed in full.
import java.util.Random;

class Main {
    static double sum(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static double product(double[] a) {
        double p = 1;
        for (int i = 0; i < a.length; i++) p *= a[i];
        return p;
    }

    static float sumF(float[] a) {
        float s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    public static void main(String[] args) {
        Random r = new Random(5);
        double[] a = new double[10000];
        for (int i = 0; i < a.length; i++) a[i] = r.nextDouble();
        System.out.printf("%.6f%n", sum(a));
        double[] ints = new double[5000];
        for (int i = 0; i < ints.length; i++) ints[i] = i % 100;
        System.out.println(sum(ints));
        double[] factors = new double[40];
        for (int i = 0; i < factors.length; i++) factors[i] = (i % 3 == 0) ? 2.0 : 0.5 + (i % 2);
        System.out.println(product(factors));
        double[] g = new double[64];
        for (int i = 0; i < g.length; i++) g[i] = 1.0 + r.nextGaussian() * 1e-3;
        System.out.printf("%.4e%n", product(g));
        float[] f = new float[3000];
        for (int i = 0; i < f.length; i++) f[i] = (i % 8) * 0.25f;
        System.out.println(sumF(f));
        float[] noisy = new float[1000];
        for (int i = 0; i < noisy.length; i++) noisy[i] = r.nextFloat();
        System.out.printf("%.1e%n", sumF(noisy));
        double t = 0;
        for (double x : a) t += x;
        System.out.printf("%.6f%n", t);
    }
}
