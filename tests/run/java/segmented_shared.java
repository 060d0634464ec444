// Segmented sums whose MIs share one table (`rt::somd::SegmentTable`): the `dist` parameters
// are split by a strategy that never splits a run of equal keys (as SparseMatMult's
// `RowPartitioner`), so with eight MIs or more the MIs' key spans are disjoint and every MI
// updates its span of the call's one table, which is the result. Every entry must have the
// bits of the tree of `combine` over tables of the MIs' own, at any MI count. Cases: rows
// with five keys each and rows without any (zeros between the spans), values with `-0.0`s
// (an entry that only `-0.0`s update is `0.0`, as in Java's one call) and a `NaN`; a result
// kept while the next call makes another; a `float` table; an `int` count and a `long` table
// under `^`; keys unsorted in the middle (those MIs make tables of their own, and every
// shared MI's span is copied out); last a key past the table part-way:
// ArrayIndexOutOfBoundsException at the update.
class Runs {
    // Near-equal blocks, each boundary moved forward to the start of a run of equal keys.
    static int[] bounds(int length, int parts, int[] key) {
        int[] b = new int[parts + 1];
        for (int r = 1; r < parts; r++) {
            int k = (int) ((long) length * r / parts);
            if (k < b[r - 1]) {
                k = b[r - 1];
            }
            while (k > 0 && k < length && key[k] == key[k - 1]) {
                k++;
            }
            b[r] = k;
        }
        b[parts] = length;
        return b;
    }
}

class Sum {
    static double[] combine(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class FloatSum {
    static float[] combine(float[] a, float[] b) {
        float[] c = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Counts {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Bits {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] ^ b[i];
        }
        return c;
    }
}

class Main {
    static double[] scatter(double[] v, int[] key,
                                        double[] x, int n) {
        double[] t = new double[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] += v[i] * x[key[i] % x.length];
        }
        return t;
    }

    static float[] scatterFloat(float[] v,
                                                 int[] key, int n) {
        float[] t = new float[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] += v[i];
        }
        return t;
    }

    static int[] count(int[] key, int n) {
        int[] t = new int[n + 1];
        for (int i = 0; i < key.length; i++) {
            t[key[i]]++;
        }
        return t;
    }

    static long[] mix(long[] v, int[] key, int n) {
        long[] t = new long[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] ^= v[i] * 0x9E3779B97F4A7C15L;
        }
        return t;
    }

    static long digest(double[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + Double.doubleToLongBits(t[i]);
        }
        return h;
    }

    static long digest(float[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + Float.floatToIntBits(t[i]);
        }
        return h;
    }

    public static void main(String[] args) {
        int rows = 30000;
        int m = rows * 5;
        double[] v = new double[m];
        int[] key = new int[m];
        for (int i = 0; i < m; i++) {
            // Every third row has no keys: its keys go to the next row.
            int row = i / 5;
            key[i] = row % 3 == 1 ? row + 1 : row;
            v[i] = i % 7 == 0 ? -0.0 : ((i * 37) % 101 - 50) * 0.1;
        }
        // Row 9's keys all add -0.0; row 12's one NaN.
        for (int i = 45; i < 50; i++) {
            v[i] = -0.0;
        }
        v[61] = Double.NaN;
        double[] x = {1.5, -0.25, 3.0};
        double[] first = scatter(v, key, x, rows + 1);
        double[] second = scatter(v, key, new double[] {2.0}, rows + 1);
        System.out.println("first digest " + digest(first) + " t[9] " + first[9] + " t[12] " + first[12]
                + " t[13] " + first[13] + " t[" + rows + "] " + first[rows]);
        System.out.println("second digest " + digest(second) + " t[0] " + second[0] + " t[7] "
                + second[7] + " same " + (first == second));

        float[] w = new float[m];
        for (int i = 0; i < m; i++) {
            w[i] = i % 11 == 0 ? -0.0f : (float) (((i * 13) % 29 - 14) / 3.0);
        }
        float[] f = scatterFloat(w, key, rows + 1);
        System.out.println("float digest " + digest(f) + " f[3] " + f[3] + " f[29998] " + f[29998]);

        int[] counts = count(key, rows);
        long cd = 17;
        for (int i = 0; i < counts.length; i++) {
            cd = cd * 31 + counts[i];
        }
        System.out.println("counts digest " + cd + " c[0] " + counts[0] + " c[1] " + counts[1] + " c[2] "
                + counts[2]);
        long[] lv = new long[m];
        for (int i = 0; i < m; i++) {
            lv[i] = (long) i * i - 7 * i;
        }
        long[] mixed = mix(lv, key, rows + 1);
        long md = 17;
        for (int i = 0; i < mixed.length; i++) {
            md = md * 31 + mixed[i];
        }
        System.out.println("long xor digest " + md + " x[5] " + mixed[5]);

        // Keys unsorted in the middle third: those MIs span every index, and entries take
        // values from several MIs, so the values are multiples of 1/32 (every grouping of a
        // sum is exact and any MI count prints the same).
        int[] shuffled = new int[m];
        double[] eighths = new double[m];
        for (int i = 0; i < m; i++) {
            shuffled[i] = i >= m / 3 && i < 2 * m / 3 && i % 2 == 0 ? key[m - 1 - i] : key[i];
            eighths[i] = i % 7 == 0 ? -0.0 : ((i * 37) % 17 - 8) / 8.0;
        }
        double[] mixedKeys = scatter(eighths, shuffled, x, rows + 1);
        System.out.println("unsorted digest " + digest(mixedKeys) + " t[20000] " + mixedKeys[20000]);

        key[m - 5000] = rows + 1;
        double[] bad = scatter(v, key, x, rows + 1);
        System.out.println("not reached " + bad[0]);
    }
}
// throws-at: 76:13
