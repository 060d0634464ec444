// Java twin of device_tables.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (`Somd.globalLength(x)` is
// `x.length`), a `combine` strategy returns the single result and `combineAll` is applied
// to the array of it.
class Main {
    // Count, smallest and largest element, and the number of positive elements.
    static long[] span(int[] a) {
        long[] r = new long[4];
        r[0] = a.length;
        r[1] = Long.MAX_VALUE;
        r[2] = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            r[1] = Math.min(r[1], a[i]);
            r[2] = Math.max(r[2], a[i]);
            if (a[i] > 0) {
                r[3]++;
            }
        }
        return r;
    }

    // Bitwise folds and a conditional maximum into elements of an int table.
    static int[] bits(int[] a, int mask) {
        int[] r = new int[4];
        r[0] = -1;
        r[3] = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            int v = a[i] & mask;
            r[0] &= v | 1;
            r[1] |= v;
            r[2] ^= a[i] * 31;
            if (a[i] > r[3]) r[3] = a[i];
        }
        return r;
    }

    // Sums of values and squares of small integers (exact in double), and the table's
    // own length.
    static double[] moments(double[] x) {
        double[] r = new double[3];
        for (int i = 0; i < x.length; i++) {
            r[0] += x[i];
            r[1] += x[i] * x[i];
        }
        r[2] = r.length * 100000 + x.length;
        return Moments.combineAll(new double[][] {r});
    }

    // A float maximum with Math.max, and the sum of the elements' integer parts.
    static float[] peak(float[] f) {
        float[] r = new float[2];
        r[0] = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < f.length; i++) {
            r[0] = Math.max(r[0], f[i]);
            r[1] += (int) f[i];
        }
        return r;
    }

    // Two loops, each into its element, and a host statement reading both after them
    // (linear in the partials, so the same for any number of MIs).
    static long[] above(int[] a, int t) {
        long[] r = new long[2];
        for (int i = 0; i < a.length; i++) {
            r[0] += a[i];
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] > t) {
                r[1] += 1;
            }
        }
        r[0] = r[0] * 2 + r[1];
        return r;
    }

    // A table whose element is written with a computed value in the loop (the last
    // element seen): no reduction, the method stays on the CPU.
    static long[] lastSeen(int[] a) {
        long[] r = new long[2];
        for (int i = 0; i < a.length; i++) {
            r[0] += a[i];
            r[1] = a[i];
        }
        r[1] = r[1] * 0 + a.length;
        return r;
    }

    // A `@` target keeping a small scratch vector: its elements are locals, so the target
    // is kernel code.
    static long mix(int x) {
        long[] d = new long[2];
        d[0] = x * 3L;
        d[1] = x - 7;
        return d[0] * d[1] + d.length;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 7, 64, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            double[] x = new double[n];
            float[] f = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = (int) ((i * 2654435761L) % 2001) - 1000;
                x[i] = (i * 7) % 13 - 6;
                f[i] = (i * 37 % 101) * 0.25f - 12.5f;
            }
            if (n > 3) {
                a[n / 2] = Integer.MAX_VALUE;
                a[n / 3] = Integer.MIN_VALUE;
            }
            long[] s = span(a);
            int[] b = bits(a, 0xF0F);
            double[] m = moments(x);
            float[] p = peak(f);
            long[] ab = above(a, 17);
            System.out.println(n + ": span " + s[0] + " " + s[1] + " " + s[2] + " " + s[3]
                + " bits " + b[0] + " " + b[1] + " " + b[2] + " " + b[3]
                + " moments " + m[0] + " " + m[1] + " " + m[2]
                + " peak " + p[0] + " " + p[1]
                + " above " + ab[0] + " " + ab[1]);
        }
        int[] xs = new int[5000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 37 % 1001 - 500;
        }
        long[] mixed = new long[xs.length];
        for (int i = 0; i < xs.length; i++) {
            mixed[i] = mix(xs[i]);
        }
        long total = 0;
        for (int i = 0; i < mixed.length; i++) {
            total += mixed[i] * (i % 7 + 1);
        }
        System.out.println("mix " + total + " " + mixed[4999]);
        int[] small = {5, -3, 8};
        long[] ls = lastSeen(small);
        System.out.println("lastSeen " + ls[0] + " " + ls[1]);
    }
}

class Span {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[4];
        r[0] = x[0] + y[0];
        r[1] = Math.min(x[1], y[1]);
        r[2] = Math.max(x[2], y[2]);
        r[3] = x[3] + y[3];
        return r;
    }
}

class Bits {
    static int[] combine(int[] x, int[] y) {
        int[] r = new int[4];
        r[0] = x[0] & y[0];
        r[1] = x[1] | y[1];
        r[2] = x[2] ^ y[2];
        r[3] = Math.max(x[3], y[3]);
        return r;
    }
}

class Moments {
    static double[] combineAll(double[][] parts) {
        double[] r = new double[3];
        for (int k = 0; k < parts.length; k++) {
            r[0] += parts[k][0];
            r[1] += parts[k][1];
            r[2] = Math.max(r[2], parts[k][2]);
        }
        return r;
    }
}

class Peak {
    static float[] combine(float[] x, float[] y) {
        float[] r = new float[2];
        r[0] = Math.max(x[0], y[0]);
        r[1] = x[1] + y[1];
        return r;
    }
}

class Pairs {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[2];
        r[0] = x[0] + y[0];
        r[1] = x[1] + y[1];
        return r;
    }
}
