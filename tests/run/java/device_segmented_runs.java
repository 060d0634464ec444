// Java twin of device_segmented_runs.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays (its table is
// the one partial; `combine` is not called for one partial).
// Segmented sums on the device run one work-item per run of equal rows, from the run heads
// the host lists with its sortedness check (kept with `row` across the calls of a host loop
// that never writes the matrix). Each entry must still have the bits of the sequential sum.
// Cases: empty rows (leading, inner, trailing), one long row (6000 nonzeros), many rows
// longer than a work-group (300 to 699 nonzeros), short rows, three calls of one loop; last
// a column index past `x` in the middle of the long row, with a row index past the table
// at the last nonzero too: Java raises the first, ArrayIndexOutOfBoundsException at
// `x[col[i]]`.
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

    static long seed = 2463534242L;

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

    public static void main(String[] args) {
        int n = 3000;
        // Rows 0..9 and the last 10: empty; row 17: 6000 nonzeros; r % 97 == 5: 300 + r % 400;
        // the others r % 6 (0: an inner empty row).
        int[] count = new int[n];
        int nz = 0;
        int longStart = 0;
        for (int r = 10; r < n - 10; r++) {
            count[r] = r == 17 ? 6000 : (r % 97 == 5 ? 300 + r % 400 : r % 6);
            if (r < 17) {
                longStart += count[r];
            }
            nz += count[r];
        }
        double[] val = new double[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < count[r]; j++) {
                row[k] = r;
                col[k] = (int) ((next() >>> 33) % n);
                val[k] = unit() * 2 - 0.75;
                k++;
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = unit() * 3 - 1;
        }
        double[] acc = new double[n];
        double[] y = new double[n];
        for (int it = 0; it < 3; it++) {
            y = multiply(val, row, col, x, n);
            for (int i = 0; i < n; i++) {
                acc[i] += y[i];
            }
        }
        System.out.println("nz=" + nz + " digest " + digest(y) + " acc " + digest(acc));
        System.out.println("  y[0] " + y[0] + " y[12] " + y[12] + " y[17] " + y[17] + " y[102] "
                + y[102] + " y[n-1] " + y[n - 1]);

        // In the middle of row 17, and past the table at the last nonzero.
        col[longStart + 2999] = n + 7;
        row[nz - 1] = n;
        double[] bad = multiply(val, row, col, x, n);
        System.out.println("not reached " + bad[0]);
    }
}
