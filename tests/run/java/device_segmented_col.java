// Java twin of device_segmented_col.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays (its table is
// the one partial; `combine` is not called for one partial).
// A segmented sum (`y[row[i]] += val[i] * x[col[i]]`, rows sorted) whose value fails: one
// column index past `x` late in a long row. The device records the fault and the call
// reruns on the CPU, which raises Java's ArrayIndexOutOfBoundsException at `x[col[i]]`.
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

    public static void main(String[] args) {
        int n = 300;
        int nz = 3 * n + 1000;
        double[] val = new double[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.5;
        }
        for (int k = 0; k < nz; k++) {
            // Row 7 holds 1003 nonzeros, the other rows 3.
            row[k] = k < 21 ? k / 3 : (k < 1024 ? 7 : (k - 1000) / 3);
            col[k] = (k * 37) % n;
            val[k] = k * 0.25;
        }
        double[] y = multiply(val, row, col, x, n);
        System.out.println("y[7] " + y[7] + " y[8] " + y[8] + " y[299] " + y[299]);
        col[900] = n + 5;
        double[] bad = multiply(val, row, col, x, n);
        System.out.println("not reached " + bad[0]);
    }
}
// throws-at: 40:35
