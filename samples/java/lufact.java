// Java twin of lufact.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// JavaGrande LUFact (section 2): LU factorisation with partial pivoting (LINPACK dgefa)
// followed by a triangular solve (dgesl), as in SOMD paper (000) section 7.1: the
// top-level method runs the elimination loop and calls a SOMD method for the part that
// JavaGrande runs in parallel, the column updates (daxpy on every column right of the
// pivot). The matrix is stored by columns (`a[j]` is column j), so `dist(dim = 1)`
// gives each MI a block of columns; each MI returns its block and the default assembly
// rebuilds the matrix. No barriers are needed: a SOMD call is synchronous.
//
// Usage: lufact [N]   (default N = 200)

class LUFact {

    static int seed = 1325;

    // JavaGrande's matgen: a pseudo-random matrix and b = A * (1, .., 1).
    static double[][] matgen(int n, double[] b) {
        double[][] a = new double[n][n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                seed = 3125 * seed % 65536;
                a[j][i] = (seed - 32768.0) / 16384.0;
            }
        }
        for (int i = 0; i < n; i++) {
            b[i] = 0.0;
        }
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                b[i] += a[j][i];
            }
        }
        return a;
    }

    // Row operations for pivot column k: swaps rows l and k and adds t * column k to
    // every column j > k, where t is column j's (swapped) pivot-row element.
    static double[][] eliminate(double[][] a, double[] colK, int k, int l) {
        int n = colK.length;
        int first = 0;
        for (int jj = 0; jj < a.length; jj++) {
            int j = first + jj;
            if (j <= k) {
                continue;
            }
            double[] colJ = a[jj];
            double t = colJ[l];
            if (l != k) {
                colJ[l] = colJ[k];
                colJ[k] = t;
            }
            for (int i = k + 1; i < n; i++) {
                colJ[i] += t * colK[i];
            }
        }
        return a;
    }

    static int idamax(int n, double[] dx, int dxOff) {
        int best = 0;
        double dmax = Math.abs(dx[dxOff]);
        for (int i = 1; i < n; i++) {
            double d = Math.abs(dx[i + dxOff]);
            if (d > dmax) {
                best = i;
                dmax = d;
            }
        }
        return best;
    }

    // dgefa: returns the factored matrix; `ipvt` receives the pivot indices.
    static double[][] dgefa(double[][] a, int n, int[] ipvt) {
        for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            int l = idamax(n - k, colK, k) + k;
            ipvt[k] = l;
            if (colK[l] != 0) {
                if (l != k) {
                    double t = colK[l];
                    colK[l] = colK[k];
                    colK[k] = t;
                }
                double t = -1.0 / colK[k];
                for (int i = k + 1; i < n; i++) {
                    colK[i] *= t;
                }
                a = eliminate(a, colK, k, l);
            }
        }
        ipvt[n - 1] = n - 1;
        return a;
    }

    // dgesl with job = 0: solves A * x = b in place of b.
    static void dgesl(double[][] a, int n, int[] ipvt, double[] b) {
        for (int k = 0; k < n - 1; k++) {
            int l = ipvt[k];
            double t = b[l];
            if (l != k) {
                b[l] = b[k];
                b[k] = t;
            }
            for (int i = k + 1; i < n; i++) {
                b[i] += t * a[k][i];
            }
        }
        for (int kb = 0; kb < n; kb++) {
            int k = n - (kb + 1);
            b[k] /= a[k][k];
            double t = -b[k];
            for (int i = 0; i < k; i++) {
                b[i] += t * a[k][i];
            }
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        double[] b = new double[n];
        double[][] a = matgen(n, b);
        int[] ipvt = new int[n];

        double[][] lu = dgefa(a, n, ipvt);
        dgesl(lu, n, ipvt, b);

        // The exact solution is all ones.
        double maxError = 0;
        double total = 0;
        for (int i = 0; i < n; i++) {
            maxError = Math.max(maxError, Math.abs(b[i] - 1.0));
            total += b[i];
        }
        System.out.println("lufact n=" + n);
        System.out.printf("sum of x %.6f%n", total);
        System.out.println(maxError < 1e-8 ? "max error below 1e-8" : "max error " + maxError);
        System.out.printf("pivot checksum %d%n", ipvt[0] + 31 * ipvt[n / 2] + 961 * ipvt[n - 2]);
    }
}
