// Java twin of device_segmented.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (its table is the one
// partial; `combine` is not called for one partial).
// Segmented sums: a SOMD method adding `float`/`double` values into a returned table at
// `row[i]` (`row` an `int[]` parameter read at the loop index). When `row` is sorted the
// device runs the call as one MI: the work-item at the head of each run of equal rows adds
// the run's values in iteration order, so every entry has the bits of the sequential sum.
// Unsorted rows run on the CPU. Rows are never split between MIs (`RowPartitioner`), so on
// the CPU too each entry is the sum of its row in order (other MIs add exact zeros).
// Cases: empty rows (leading, inner, trailing), one row longer than a work-group, a float
// table with a conditional update, a `double` update narrowed into it and `++`; unsorted
// rows (values with exact sums, so any order gives the same bits); one element; and last
// a row index past the table at the last nonzero: Java's ArrayIndexOutOfBoundsException
// at the update.
class RowPartitioner {
    // Near-equal ranges of nonzeros, each boundary advanced to the first nonzero of a row.
    static int[] bounds(int length, int parts, int[] row) {
        int[] b = new int[parts + 1];
        for (int r = 1; r < parts; r++) {
            int k = (int) ((long) length * r / parts);
            if (k < b[r - 1]) {
                k = b[r - 1];
            }
            while (k > 0 && k < length && row[k] == row[k - 1]) {
                k++;
            }
            b[r] = k;
        }
        b[parts] = length;
        return b;
    }
}

class VecSum {
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

class Main {
    static double[] multiply(double[] val,
            int[] row,
            int[] col,
            double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i] * x[col[i]];
        }
        return y;
    }

    static float[] weights(float[] w,
            int[] row, int n) {
        float[] t = new float[n];
        for (int i = 0; i < w.length; i++) {
            if (w[i] > 0.5f) {
                t[row[i]] += w[i] * 3;
            } else {
                t[row[i]]++;
            }
            t[row[i]] += w[i] * 0.1;
        }
        return t;
    }

    static long seed = 88172645463325252L;

    static long next() {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return seed;
    }

    static double unit() {
        return (double) (next() >>> 11) / 9007199254740992.0;
    }

    static long digest(double[] y) {
        long h = 17;
        for (int i = 0; i < y.length; i++) {
            h = h * 31 + Double.doubleToLongBits(y[i]);
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
        int n = 2000;
        // Rows 0..2: empty; r % 7 == 3: empty; row 1000: 3000 nonzeros; the last 5 rows empty.
        int nz = 0;
        int[] count = new int[n];
        for (int r = 3; r < n - 5; r++) {
            count[r] = r == 1000 ? 3000 : (r % 7 == 3 ? 0 : r % 5 + 1);
            nz += count[r];
        }
        double[] val = new double[nz];
        float[] w = new float[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < count[r]; j++) {
                row[k] = r;
                col[k] = (int) ((next() >>> 33) % n);
                val[k] = unit() - 0.25;
                w[k] = (float) unit();
                k++;
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = unit() * 4 - 1;
        }
        double[] y = multiply(val, row, col, x, n);
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += y[i];
        }
        System.out.println("sorted nz=" + nz + " total " + total + " digest " + digest(y));
        System.out.println("  y[0] " + y[0] + " y[4] " + y[4] + " y[1000] " + y[1000] + " y[n-1] " + y[n - 1]);
        float[] t = weights(w, row, n);
        System.out.println("weights digest " + digest(t) + " t[4] " + t[4] + " t[1000] " + t[1000]);

        // The same nonzeros with rows in decreasing order, values with exact sums.
        int[] down = new int[nz];
        double[] exact = new double[nz];
        for (int i = 0; i < nz; i++) {
            down[i] = row[nz - 1 - i];
            exact[i] = (i % 8) * 0.125 - 0.5;
        }
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 4) * 0.5;
        }
        double[] u = multiply(exact, down, col, xs, n);
        System.out.println("unsorted digest " + digest(u) + " u[1000] " + u[1000] + " u[1994] " + u[1994]);

        double[] one = multiply(new double[] {0.1}, new int[] {2}, new int[] {1}, new double[] {0.3, 0.7}, 3);
        System.out.println("one " + one[0] + " " + one[1] + " " + one[2]);

        // The last nonzero's row is past the table.
        row[nz - 1] = n;
        double[] bad = multiply(val, row, col, x, n);
        System.out.println("not reached " + bad[0]);
    }
}
// throws-at: 58:13
