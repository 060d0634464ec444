// Java twin of loopcheck_bounds.somd: one MI over the whole arrays.
class Main {
    static double[] spmv(int[] rows, int[] row, int[] col, double[] val, double[] x) {
        double[] y = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            int i = rows[r];
            double s = 0;
            for (int k = row[i]; k < row[i + 1]; k++) {
                s += val[k] * x[col[k]];
            }
            y[r] = s;
        }
        return y;
    }

    static long[] halves(int[] a, int[] b, int w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int j = 0; j < w / 2; j++) {
                s += b[j * 2] * (long) b[j * 2 + 1];
            }
            long t = 0;
            for (int j = w % 3; j < (w + 1) / 2; j += 2) {
                t += b[j] - a[i];
            }
            out[i] = s * 31 + t;
        }
        return out;
    }

    static long[] spans(int[] a, int[][] ends, int[] data) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            int e = a[i] % ends.length;
            long s = 0;
            for (int j = ends[e][0]; j <= ends[e][1]; j++) {
                s += data[j] * (long) (a[i] + j);
            }
            out[i] = s;
        }
        return out;
    }

    static int[] counts(int[] a, int[] lim, int[] tally) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] own = new int[4];
            own[0] = a[i] % 7;
            int c = 0;
            for (int j = 0; j < own[0]; j++) {
                c += tally[j] + lim[j];
                own[0] = own[0] - 1;
            }
            out[i] = c;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] row = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int len = i % 11 == 0 ? 0 : 1 + (i * 7) % 9;
            row[i + 1] = row[i] + len;
        }
        int nz = row[n];
        int[] col = new int[nz];
        double[] val = new double[nz];
        for (int k = 0; k < nz; k++) {
            col[k] = (k * 131) % n;
            val[k] = ((k * 17) % 29 - 14) / 8.0;
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = ((i * 13) % 37) / 4.0 - 2.0;
        }
        int[] rows = new int[n];
        for (int r = 0; r < n; r++) {
            rows[r] = (r * 7) % n;
        }
        double[] y = spmv(rows, row, col, val, x);
        double total = 0;
        for (int r = 0; r < n; r++) {
            total += y[r] * (r % 5 + 1);
        }
        System.out.println("spmv " + y[0] + " " + y[1] + " " + y[n - 1] + " " + total);

        int[] b = new int[64];
        for (int j = 0; j < b.length; j++) {
            b[j] = (j * 37) % 101 - 50;
        }
        int[] a = new int[2000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 53) % 1009;
        }
        for (int w = 0; w <= 64; w += 9) {
            long[] h = halves(a, b, w);
            System.out.println("halves " + w + " " + h[0] + " " + h[1999]);
        }

        int[][] ends = {{0, 9}, {5, 4}, {60, 63}, {17, 40}, {3, 3}};
        int[] data = new int[64];
        for (int j = 0; j < data.length; j++) {
            data[j] = (j * 29) % 53 - 26;
        }
        long[] sp = spans(a, ends, data);
        long st = 0;
        for (int i = 0; i < sp.length; i++) {
            st += sp[i] * (i % 3 + 1);
        }
        System.out.println("spans " + sp[0] + " " + sp[1] + " " + sp[2] + " " + st);

        int[] lim = new int[8];
        int[] tally = new int[8];
        for (int j = 0; j < 8; j++) {
            lim[j] = j * 3;
            tally[j] = 100 - j;
        }
        int[] c = counts(a, lim, tally);
        long ct = 0;
        for (int i = 0; i < c.length; i++) {
            ct += c[i] * (long) (i + 1);
        }
        System.out.println("counts " + c[0] + " " + c[7] + " " + ct);
    }
}
