// Java twin of device_rows.somd: each SOMD method runs as one MI (no `dist`) on a copy of
// the matrix it updates (arguments are passed by value).
class Main {

    // LINPACK's column update (LUFact): swap rows l and k of every later column, then add
    // t * column k.
    static double[][] eliminate(double[][] a, double[] colK, int k, int l) {
        int n = colK.length;
        int first = 0;
        a = copy(a);
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

    // Every row after k becomes 3 * row + row k + its index (wrapping int arithmetic).
    static int[][] bump(int[][] m, int[] rowK, int k) {
        int first = 0;
        m = copy(m);
        for (int jj = 0; jj < m.length; jj++) {
            int j = first + jj;
            if (j <= k) {
                continue;
            }
            int[] r = m[jj];
            for (int i = 0; i < r.length; i++) {
                r[i] = r[i] * 3 + rowK[i] + j;
            }
        }
        return m;
    }

    // Every element plus its row index.
    static long[][] shift(long[][] m) {
        int first = 0;
        m = copy(m);
        for (int jj = 0; jj < m.length; jj++) {
            long[] r = m[jj];
            for (int i = 0; i < r.length; i++) {
                r[i] = r[i] + first + jj;
            }
        }
        return m;
    }

    static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static long[][] copy(long[][] m) {
        long[][] c = new long[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static int largest(int n, double[] dx, int off) {
        int best = 0;
        double dmax = Math.abs(dx[off]);
        for (int i = 1; i < n; i++) {
            double d = Math.abs(dx[i + off]);
            if (d > dmax) {
                best = i;
                dmax = d;
            }
        }
        return best;
    }

    static int rowSum(int[] r) {
        int s = 0;
        for (int i = 0; i < r.length; i++) {
            s += r[i];
        }
        return s;
    }

    // dgefa: the pivot column is searched, swapped and scaled on the host.
    static double[][] factor(double[][] a, int n, int[] ipvt) {
        for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            int l = largest(n - k, colK, k) + k;
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

    // Another call of `eliminate` in the loop, on a second matrix, is not the loop's
    // analysed call: it runs as without the scope.
    static double mixed(double[][] a, double[][] b, int n) {
        double seen = 0;
        for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            colK[k] = colK[k] + 1;
            a = eliminate(a, colK, k, k);
            double[][] c = eliminate(b, b[0], k, k);
            seen += c[k + 1][k + 1] + c[n - 1][0];
        }
        return seen + a[n - 1][n - 1];
    }

    // Leaves by `return` at step `stop` (or runs to the end).
    static int[][] steps(int[][] m, int stop) {
        for (int k = 0; k < m.length; k++) {
            int[] rowK = m[k];
            rowK[0] = rowK[0] + rowSum(rowK) + k;
            if (k == stop) {
                return m;
            }
            m = bump(m, rowK, k % m.length);
        }
        return m;
    }

    // Leaves by `break` when a fetched row's first element passes `limit`.
    static int[][] until(int[][] m, int limit) {
        int k = 0;
        while (true) {
            int[] rowK = m[k % m.length];
            if (rowK[1] > limit || k > 40) {
                break;
            }
            rowK[1] = rowK[1] + 1;
            m = bump(m, rowK, k % m.length);
            k++;
        }
        System.out.println("until: " + k + " steps");
        return m;
    }

    // Fetches its rows from the last to the first: a call reads ahead the row after the
    // one fetched before it, which is never the next one fetched here.
    static int[][] backwards(int[][] m) {
        for (int k = m.length - 1; k > 0; k--) {
            int[] rowK = m[k];
            rowK[2] = rowK[2] * 2 - k;
            m = bump(m, rowK, k - 1);
        }
        return m;
    }

    // The calls are in an inner loop that touches no row; the outer loop reads rows.
    static long[][] repeat(long[][] m, int times) {
        long seen = 0;
        for (int r = 0; r < times; r++) {
            long[] first = m[r];
            seen += first[r] * 7 + first.length;
            for (int s = 0; s < 2; s++) {
                m = shift(m);
            }
        }
        System.out.println("repeat: seen " + seen);
        return m;
    }

    static long checksum(int[][] m) {
        long s = 0;
        for (int j = 0; j < m.length; j++) {
            for (int i = 0; i < m[j].length; i++) {
                s = s * 31 + m[j][i];
            }
        }
        return s;
    }

    static long checksum(long[][] m) {
        long s = 0;
        for (int j = 0; j < m.length; j++) {
            for (int i = 0; i < m[j].length; i++) {
                s = s * 31 + m[j][i];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 37;
        int seed = 1325;
        double[][] a = new double[n][n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                seed = 3125 * seed % 65536;
                a[j][i] = (seed - 32768.0) / 16384.0;
            }
        }
        int[] ipvt = new int[n];
        double[][] lu = factor(a, n, ipvt);
        double total = 0;
        double original = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                total += lu[j][i] * (i + 1);
                original += a[j][i];
            }
        }
        int pivots = 0;
        for (int k = 0; k < n; k++) {
            pivots = pivots * 7 + ipvt[k];
        }
        System.out.println("factor: " + total + " pivots " + pivots + " input " + original);
        double[][] p = new double[8][8];
        double[][] q = new double[8][8];
        for (int j = 0; j < 8; j++) {
            for (int i = 0; i < 8; i++) {
                p[j][i] = (i - 2.5 * j) / 64;
                q[j][i] = (3.0 * i + j) / 128;
            }
        }
        System.out.println("mixed: " + mixed(p, q, 8));

        int[][] m = new int[9][13];
        for (int j = 0; j < m.length; j++) {
            for (int i = 0; i < m[j].length; i++) {
                m[j][i] = j * 100 + i;
            }
        }
        System.out.println("steps 4: " + checksum(steps(m, 4)));
        System.out.println("steps all: " + checksum(steps(m, -1)));
        System.out.println("until: " + checksum(until(m, 1000)));
        System.out.println("backwards: " + checksum(backwards(m)));
        System.out.println("input: " + checksum(m));

        long[][] w = new long[5][6];
        for (int j = 0; j < w.length; j++) {
            for (int i = 0; i < w[j].length; i++) {
                w[j][i] = (long) j * i;
            }
        }
        System.out.println("repeat: " + checksum(repeat(w, 4)));
    }
}
