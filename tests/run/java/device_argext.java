// Java twin of device_argext.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (`Somd.offset` is 0,
// `Somd.globalLength(g, 2)` is `g[0].length`) and a `combine` strategy returns the single
// result.
class Main {
    // The largest element and the position of its first occurrence.
    static long[] firstMax(int[] a) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = i;
            }
        }
        return r;
    }

    // The smallest element, the position of its last occurrence (`<=`) and a value
    // computed from both.
    static long[] lastMin(int[] a) {
        long[] r = new long[3];
        r[0] = Long.MAX_VALUE;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (r[0] >= a[i]) {
                r[0] = a[i];
                r[1] = i;
                r[2] = a[i] * 1000L - (i) % 7;
            }
        }
        return r;
    }

    // A floor above every element: nothing beats it, the position stays -1.
    static long[] above(int[] a, int floor) {
        long[] r = new long[2];
        r[0] = floor;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = i;
            }
        }
        return r;
    }

    // A count and an argument minimum in one pass (two accumulators, one with a payload).
    static long[] countMin(long[] a) {
        long[] r = new long[3];
        r[1] = Long.MAX_VALUE;
        r[2] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                r[0] += 1;
            }
            if (a[i] < r[1]) {
                r[1] = a[i];
                r[2] = i;
            }
        }
        return r;
    }

    // The largest cell of a matrix and its row-major position, first occurrence.
    static long[] cellMax(int[][] g) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        r[1] = -1;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                if (g[i][j] > r[0]) {
                    r[0] = g[i][j];
                    r[1] = i * (long) g[0].length
                        + j;
                }
            }
        }
        return r;
    }

    // Conditional extrema of `double`s: NaN never compares greater, and of `-0.0` and
    // `0.0` Java keeps the first (`>`) or the last (`>=`) reaching the maximum, so the
    // device carries the iteration; the sign shows which one the device kept.
    static double[] firstPeak(double[] x) {
        double[] r = new double[2];
        r[0] = Double.NEGATIVE_INFINITY;
        r[1] = -1;
        for (int i = 0; i < x.length; i++) {
            if (x[i] > r[0]) {
                r[0] = x[i];
                r[1] = i;
            }
        }
        return r;
    }

    static float[] lastPeak(float[] f) {
        float[] r = new float[2];
        r[0] = Float.NEGATIVE_INFINITY;
        r[1] = -1;
        for (int i = 0; i < f.length; i++) {
            if (f[i] >= r[0]) {
                r[0] = f[i];
            }
        }
        r[1] = 1 / r[0];
        return r;
    }

    // The payload's value may fail (`b[..]` past the end): a work-item would evaluate it
    // whenever its own maximum improves, so the loop stays on the CPU.
    static long[] risky(int[] a, int[] b) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = b[i + 1];
            }
        }
        return r;
    }

    // The largest element of a table at positions the data gives, and half of it: the
    // payload reads the element the test reads, which may be past the table but fails
    // there only where the test fails first (ninety-first session).
    static long[] looked(int[] a, int[] t) {
        long[] r = new long[3];
        r[0] = Long.MIN_VALUE;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (t[a[i] & 7] > r[0]) {
                r[0] = t[a[i] & 7];
                r[1] = i;
                r[2] = t[a[i] & 7] / 2;
            }
        }
        return r;
    }

    // The distance from 7 of the first farthest element: `Math.abs` of a `long` is a call of
    // the library's `Math.abs`, one value where it is compared and where it is assigned
    // (ninety-first session).
    static long[] absPeak(long[] l) {
        long[] r = new long[2];
        r[0] = -1;
        r[1] = -1;
        for (int i = 0; i < l.length; i++) {
            if (Math.abs(l[i] - 7) > r[0]) {
                r[0] = Math.abs(l[i] - 7);
                r[1] = i;
            }
        }
        return r;
    }

    static String show(long[] r) {
        String s = "";
        for (int k = 0; k < r.length; k++) {
            s = s + (k == 0 ? "" : " ") + r[k];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 7, 64, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            long[] l = new long[n];
            int[] flat = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = (int) ((i * 2654435761L) % 7) - 3;
                l[i] = (i * 40503L) % 1001 - 500;
                flat[i] = Integer.MIN_VALUE;
            }
            if (n > 10) {
                a[n / 3] = 9;
                a[2 * n / 3] = 9;
                a[n / 2] = -9;
                a[n - 2] = -9;
            }
            int rows = n / 50 + 1;
            int cols = n % 13 + 1;
            int[][] g = new int[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    g[i][j] = (i * 7 + j * 5) % 11;
                }
            }
            System.out.println(n + ": firstMax " + show(firstMax(a)) + " flat " + show(firstMax(flat))
                + " lastMin " + show(lastMin(a)) + " flat " + show(lastMin(flat))
                + " above " + show(above(a, 100)) + " countMin " + show(countMin(l))
                + " cellMax " + show(cellMax(g)) + " absPeak " + show(absPeak(l))
                + " looked " + show(looked(a, new int[] {5, -2, 9, 9, 0, 1, 3, 8})));
        }
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            double[] x = new double[n];
            float[] f = new float[n];
            for (int i = 0; i < n; i++) {
                int k = (int) ((i * 2654435761L + n) % 5);
                // Zeros from a third of the way on: the first one's sign depends on `n`.
                boolean early = i < n / 3;
                x[i] = early || k > 2 ? -(i % 17) - 1 : k == 0 ? -0.0 : k == 1 ? 0.0 : Double.NaN;
                f[i] = early || k > 2 ? -(i % 11) - 1 : k == 0 ? 0.0f : k == 1 ? -0.0f : Float.NaN;
            }
            double[] p = firstPeak(x);
            float[] q = lastPeak(f);
            // The same with the signs of the zeros swapped.
            for (int i = 0; i < n; i++) {
                if (x[i] == 0.0) {
                    x[i] = 1 / x[i] > 0 ? -0.0 : 0.0;
                }
                if (f[i] == 0.0f) {
                    f[i] = 1 / f[i] > 0 ? -0.0f : 0.0f;
                }
            }
            double[] ps = firstPeak(x);
            float[] qs = lastPeak(f);
            System.out.println(n + ": firstPeak " + p[0] + " " + p[1] + " lastPeak " + q[0] + " "
                + q[1] + " swapped " + ps[0] + " " + ps[1] + " " + qs[0] + " " + qs[1]);
        }
        int[] small = {4, 8, 8, 1};
        System.out.println("risky " + show(risky(small, new int[] {10, 20, 30, 40, 50})));
    }
}

// Of two (value, position) results, the greater value, of equal values the earlier
// position; position -1: no element set it.
class First {
    static long[] combine(long[] x, long[] y) {
        if (y[1] < 0) return x;
        if (x[1] < 0) return y;
        if (y[0] > x[0] || (y[0] == x[0] && y[1] < x[1])) return y;
        return x;
    }
}

// The smaller value, of equal values the later position.
class Last {
    static long[] combine(long[] x, long[] y) {
        if (y[1] < 0) return x;
        if (x[1] < 0) return y;
        if (y[0] < x[0] || (y[0] == x[0] && y[1] > x[1])) return y;
        return x;
    }
}

// Counts add; the smaller value wins, of equal values the earlier position.
class CountMin {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[3];
        r[0] = x[0] + y[0];
        boolean takeY = y[2] >= 0 && (x[2] < 0 || y[1] < x[1] || (y[1] == x[1] && y[2] < x[2]));
        r[1] = takeY ? y[1] : x[1];
        r[2] = takeY ? y[2] : x[2];
        return r;
    }
}

// Of two (value, position) results of `double`s, the greater value, of equal values (`-0.0`
// and `0.0` too) the earlier position; position -1: no element set it.
class FirstD {
    static double[] combine(double[] x, double[] y) {
        if (y[1] < 0) return x;
        if (x[1] < 0) return y;
        if (y[0] > x[0] || (y[0] == x[0] && y[1] < x[1])) return y;
        return x;
    }
}

// The later partition's maximum when it is not smaller (`>=`: of `-0.0` and `0.0` the
// later), and `1 / max` for its sign.
class LastD {
    static float[] combine(float[] x, float[] y) {
        if (y[0] >= x[0]) return y;
        return x;
    }
}
