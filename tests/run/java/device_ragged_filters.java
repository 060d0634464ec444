// Java twin of device_ragged_filters.somd: a task graph is a loop from the source until it
// throws Underflow, each item through the filters to the sink. `op !` folds from the
// operator's identity; with fewer than 1024 elements `+` over `double` is one block,
// folded left to right from the identity.
import java.util.Random;

class Underflow extends RuntimeException {}

class Main {
    static Random rnd = new Random(42);
    static int next = 0;
    static int limit = 0;
    static long fold = 0;
    static int seen = 0;

    static int[] chunks() {
        if (next >= limit) {
            throw new Underflow();
        }
        int n = rnd.nextInt(61);
        int[] c = new int[n];
        for (int k = 0; k < n; k++) {
            c[k] = rnd.nextInt() >> (k % 7);
        }
        next++;
        return c;
    }

    static double[] samples() {
        if (next >= limit) {
            throw new Underflow();
        }
        double[] c = new double[1 + rnd.nextInt(40)];
        for (int k = 0; k < c.length; k++) {
            c[k] = rnd.nextGaussian();
        }
        next++;
        return c;
    }

    static long weigh(int[] c, int k) {
        return (long) c[k] * (k + 1);
    }

    static long chunkValue(int[] c) {
        long s = 0;
        for (int k = 0; k < c.length; k++) {
            s += weigh(c, k);
        }
        int hi = Integer.MIN_VALUE;
        for (int x : c) hi = Math.max(hi, x);
        return s + (c.length == 0 ? -1 : hi) + c.length;
    }

    static long spread(long x) {
        return x * 31 + (x >>> 5);
    }

    static double summary(double[] c) {
        double sum = 0.0;
        double hi = Double.NEGATIVE_INFINITY;
        for (double x : c) {
            sum += x;
            hi = Math.max(hi, x);
        }
        return sum / c.length + hi;
    }

    static int fourth(int[] c) {
        return c[3] * 2 + c.length;
    }

    static void collect(long x) {
        seen++;
        fold = fold * 1000003 + x;
    }

    static void collectDouble(double x) {
        seen++;
        if (seen % 25 == 1) {
            System.out.println("  summary " + seen + ": " + x);
        }
    }

    static void collectInt(int x) {
        seen++;
        System.out.println("  fourth " + seen + ": " + x);
    }

    public static void main(String[] args) {
        next = 0;
        limit = 3000;
        try {
            while (true) collect(chunkValue(chunks()));
        } catch (Underflow u) {
        }
        System.out.println("values: " + seen + " items, fold " + fold);
        next = 0;
        seen = 0;
        fold = 0;
        try {
            while (true) collect(spread(chunkValue(chunks())));
        } catch (Underflow u) {
        }
        System.out.println("spread: " + seen + " items, fold " + fold);
        next = 0;
        seen = 0;
        limit = 200;
        try {
            while (true) collectDouble(summary(samples()));
        } catch (Underflow u) {
        }
        System.out.println("summaries: " + seen);
        next = 0;
        seen = 0;
        fold = 0;
        limit = 500;
        try {
            while (true) collectInt(fourth(chunks()));
        } catch (Underflow u) {
        }
        System.out.println("unreachable " + seen);
    }
}
