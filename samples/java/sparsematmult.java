// Java twin of sparsematmult.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// JavaGrande SparseMatMult (section 2): y = A * x for a sparse N x N matrix in coordinate
// form sorted by row, as in SOMD paper (000) section 7.1. The value, row and column
// vectors are partitioned by the user strategy `RowPartitioner(row)`, which moves each
// block boundary forward to the start of a row, so no row is split between two MIs.
// The strategy expression names the caller's `row` array and is the same for all three
// parameters, so they are split at the same boundaries.
//
// Each MI returns a whole-length partial `y` that is zero outside its rows; `reduce(VecSum)`
// adds the partial vectors (the default would concatenate them).
//
// Usage: sparsematmult [N] [ITERATIONS]   (default N = 2000, 10 iterations)

import java.util.Random;

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

class SparseMatMult {

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
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int nz = n * 5;
        Random random = new Random(10101010);

        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
        }
        // Five nonzeros per row at random columns, rows in increasing order.
        double[] val = new double[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        for (int k = 0; k < nz; k++) {
            row[k] = k / 5;
            col[k] = random.nextInt(n);
            val[k] = random.nextDouble();
        }

        double[] y = new double[n];
        for (int it = 0; it < iterations; it++) {
            double[] partial = multiply(val, row, col, x, n);
            for (int i = 0; i < n; i++) {
                y[i] += partial[i];
            }
        }

        double ytotal = 0;
        for (int i = 0; i < n; i++) {
            ytotal += y[i];
        }
        System.out.println("sparsematmult n=" + n + " nz=" + nz + " iterations=" + iterations);
        System.out.printf("ytotal %.9f%n", ytotal);
        System.out.printf("y[0] %.9f y[n-1] %.9f%n", y[0], y[n - 1]);
    }
}
