// Java twin of reduce_combine.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
class Main {
    static final int LEN = 9000;
    static final int BUCKETS = 40000;

    // The partition bounds, as pairs (offset, length) in partition order.
    static int[] bounds(double[] x) {
        int[] r = new int[2];
        r[0] = 0;
        r[1] = x.length;
        return Bounds.combineAll(new int[][] {r});
    }

    static double[] mixed(double[] x) {
        double[] y = new double[LEN];
        for (int i = 0; i < LEN; i++) {
            y[i] = x[i % x.length] * (i + 1);
        }
        return y;
    }

    // What the method instance over x[off .. off + len) returns from `mixed`.
    static double[] mixedPart(double[] x, int off, int len) {
        double[] y = new double[LEN];
        for (int i = 0; i < LEN; i++) {
            y[i] = x[off + i % len] * (i + 1);
        }
        return y;
    }

    static double[] tree(double[][] p, int lo, int hi) {
        if (hi - lo == 1) {
            return p[lo];
        }
        int mid = lo + (hi - lo + 1) / 2;
        double[] left = tree(p, lo, mid);
        double[] right = tree(p, mid, hi);
        return Mix.combine(left, right);
    }

    // Per value bucket, the largest value.
    static int[] maxima(int[] a) {
        int[] h = new int[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            h[i] = Integer.MIN_VALUE;
        }
        for (int i = 0; i < a.length; i++) {
            int b = a[i] % BUCKETS;
            h[b] = Math.max(h[b], a[i]);
        }
        return h;
    }

    // Count, smallest and largest element.
    static long[] span(int[] a) {
        long[] r = new long[3];
        r[0] = a.length;
        r[1] = Long.MAX_VALUE;
        r[2] = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            r[1] = Math.min(r[1], a[i]);
            r[2] = Math.max(r[2], a[i]);
        }
        return r;
    }

    // Sums of the elements by residue modulo 5.
    static long[] residues(int[] a) {
        long[] r = new long[5];
        for (int i = 0; i < a.length; i++) {
            r[a[i] % 5] += a[i];
        }
        return r;
    }

    public static void main(String[] args) {
        double[] x = new double[64];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i * 37 % 64 - 31.5) / 7.0;
        }
        int[] b = bounds(x);
        int parts = b.length / 2;
        double[][] partials = new double[parts][];
        int covered = 0;
        for (int p = 0; p < parts; p++) {
            partials[p] = mixedPart(x, b[2 * p], b[2 * p + 1]);
            covered += b[2 * p + 1];
        }
        double[] expected = tree(partials, 0, parts);
        double[] got = mixed(x);
        boolean same = got.length == expected.length;
        for (int i = 0; i < got.length; i++) {
            if (Double.doubleToLongBits(got[i]) != Double.doubleToLongBits(expected[i])) {
                same = false;
            }
        }
        System.out.println("mix: " + got.length + " elements, partitions cover " + covered
            + ", tree " + (same ? "kept" : "CHANGED"));

        int[] a = new int[100000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (int) ((i * 7919L) % 1000003L);
        }
        int[] h = maxima(a);
        long sum = 0;
        int filled = 0;
        for (int i = 0; i < h.length; i++) {
            if (h[i] != Integer.MIN_VALUE) {
                sum += h[i];
                filled++;
            }
        }
        System.out.println("maxima: " + h.length + " buckets, " + filled + " filled, sum " + sum
            + ", h[0] " + h[0] + ", h[39999] " + h[39999]);

        long[] s = span(a);
        System.out.println("span: " + s[0] + " " + s[1] + " " + s[2]);
        long[] r = residues(a);
        System.out.println("residues: " + r[0] + " " + r[1] + " " + r[2] + " " + r[3] + " " + r[4]);
    }
}

class Bounds {
    static int[] combineAll(int[][] partials) {
        int[] r = new int[2 * partials.length];
        for (int p = 0; p < partials.length; p++) {
            r[2 * p] = partials[p][0];
            r[2 * p + 1] = partials[p][1];
        }
        return r;
    }
}

// Elementwise over double[]: c[i] = a[i] * 0.75 + b[i].
class Mix {
    static double[] combine(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] * 0.75 + b[i];
        }
        return c;
    }
}

// Elementwise over int[] with Math.max.
class MaxOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.max(a[i], b[i]);
        }
        return c;
    }
}

// Not elementwise (another operation per index), but free of outside effects.
class Span {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[3];
        r[0] = x[0] + y[0];
        r[1] = Math.min(x[1], y[1]);
        r[2] = Math.max(x[2], y[2]);
        return r;
    }
}

// Writes its first argument: kept as the sequential tree.
class Accum {
    static long[] combine(long[] x, long[] y) {
        for (int i = 0; i < x.length; i++) {
            x[i] += y[i];
        }
        return x;
    }
}
