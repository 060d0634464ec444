// Java twin of loopcheck_math_bounds.somd: one MI over the whole arrays.
class Main {
    static float[] box(int[] at, float[] a, int r) {
        int n = a.length;
        float[] out = new float[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            float s = 0;
            for (int k = Math.max(0, i - r); k < Math.min(i + r + 1, n); k++) {
                s += a[k];
            }
            out[p] = s;
        }
        return out;
    }

    static long[] tiled(int[] at, int[] a, int n) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = 0;
            for (int jj = 0; jj < n; jj += 64) {
                for (int j = jj; j < Math.min(jj + 64, n); j++) {
                    s += (long) a[j] * ((i + j) % 7 - 3);
                }
            }
            out[p] = s;
        }
        return out;
    }

    static double capped(int[] rows, int[] row, int[] col, double[] val, int cap) {
        double t = 0;
        for (int r = 0; r < rows.length; r++) {
            int i = rows[r];
            for (int k = row[i]; k < Math.min(row[i + 1], row[i] + cap); k++) {
                t += val[k] * col[k];
            }
        }
        return t;
    }

    static int divisors(int[] v, int[] odd) {
        int c = 0;
        for (int i = 0; i < v.length; i++) {
            int x = v[i];
            for (int d = 1; d <= (int) Math.sqrt(x); d++) {
                c += (odd[d] + 1) * (x % d == 0 ? 1 : 0);
            }
        }
        return c;
    }

    public static void main(String[] args) {
        int n = 5000;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7) % 13 - 6;
        }
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = i;
        }
        float[] out = box(at, a, 8);
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += out[i] * (i % 5 + 1);
        }
        System.out.println("box " + s + " " + out[0] + " " + out[n - 1]);

        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i * 31) % 97 - 48;
        }
        int[] ti = new int[700];
        for (int i = 0; i < ti.length; i++) {
            ti[i] = i * 3;
        }
        long[] t = tiled(ti, b, n - 37);
        long ts = 0;
        for (int i = 0; i < t.length; i++) {
            ts = ts * 31 + t[i];
        }
        System.out.println("tiled " + ts);

        int rowsN = 2000;
        int[] row = new int[rowsN + 1];
        for (int i = 0; i < rowsN; i++) {
            row[i + 1] = row[i] + i % 9;
        }
        int nz = row[rowsN];
        int[] col = new int[nz];
        double[] val = new double[nz];
        for (int k = 0; k < nz; k++) {
            col[k] = (k * 131) % 50;
            val[k] = ((k * 17) % 29 - 14) / 8.0;
        }
        int[] rows = new int[rowsN];
        for (int r = 0; r < rowsN; r++) {
            rows[r] = (r * 7) % rowsN;
        }
        System.out.println("capped " + capped(rows, row, col, val, 5));

        int[] v = new int[3000];
        for (int i = 0; i < v.length; i++) {
            v[i] = 1 + (i * 7919) % 40000;
        }
        int[] odd = new int[201];
        for (int d = 0; d < odd.length; d++) {
            odd[d] = d % 2;
        }
        System.out.println("divisors " + divisors(v, odd));
    }
}
