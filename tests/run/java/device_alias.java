// Java twin of device_alias.somd: each SOMD method is one method instance over the whole
// arrays (`Somd.offset` is 0). The methods that write their array parameter return it and
// the caller keeps only the result, so passing the array itself is passing a copy.
class Main {

    static double[][] update(double[][] a, double[] colK, int k, int l) {
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

    // Each row plus its successor (cyclically): the local moves to the next row.
    static long[] neighbours(int[] ids, long[][] m, long[] w) {
        long[] out = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int g = ids[i];
            long[] r = m[g];
            long s = 0;
            for (int j = 0; j < r.length; j++) {
                s += r[j] * w[j % w.length];
            }
            r = m[(g + 1) % m.length];
            for (int j = 0; j < r.length; j++) {
                s -= r[j];
            }
            long[] v = w;
            out[i] = s + v[g % v.length] + v.length;
        }
        return out;
    }

    static int total(int[] row, int from) {
        int s = 0;
        for (int j = from; j < row.length; j++) {
            s = s * 31 + row[j];
        }
        return s;
    }

    static int picked(int[][] m, int i) {
        int[] row = m[m.length - 1 - i];
        return row[i % row.length] - total(row, 1);
    }

    static int[] rows(int[] ids, int[][] m) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int[] row;
            int k = ids[i] % m.length;
            if (k % 2 == 0) {
                row = m[k];
            } else {
                row = m[0];
            }
            out[i] = total(row, 0) + picked(m, k);
        }
        return out;
    }

    // Each work-item writes its own column `i` of row `k` through the local.
    static float[][] column(float[][] g, int k) {
        int first = 0;
        for (int i = 0; i < g[0].length; i++) {
            float[] r = g[k];
            r[i] = r[i] * 0.5f + (first + i);
        }
        return g;
    }

    public static void main(String[] args) {
        int n = 40;
        double[][] a = new double[n][n];
        int seed = 1325;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                seed = 3125 * seed % 65536;
                a[j][i] = (seed - 32768.0) / 16384.0;
            }
        }
        for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            int l = k;
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(colK[i]) > Math.abs(colK[l])) {
                    l = i;
                }
            }
            if (l != k) {
                double t = colK[l];
                colK[l] = colK[k];
                colK[k] = t;
            }
            double t = -1.0 / colK[k];
            for (int i = k + 1; i < n; i++) {
                colK[i] *= t;
            }
            a = update(a, colK, k, l);
        }
        double check = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                check += a[j][i] * (i + 1) - j;
            }
        }
        System.out.println("lu " + check + " " + a[n - 1][n - 1] + " " + a[3][17]);

        long[][] m = new long[1000][7];
        for (int i = 0; i < 1000; i++) {
            for (int j = 0; j < 7; j++) {
                m[i][j] = (long) i * 1000003L + j * 17L - 5000;
            }
        }
        long[] w = {3, -1, 4, 1, -5};
        int[] all = new int[1000];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        long[] nb = neighbours(all, m, w);
        System.out.println("neighbours " + nb[0] + " " + nb[500] + " " + nb[999]);

        int[][] g = new int[501][9];
        for (int i = 0; i < 501; i++) {
            for (int j = 0; j < 9; j++) {
                g[i][j] = i * 9 + j * j - 300;
            }
        }
        int[] ids = new int[2000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 7 + 3;
        }
        int[] rs = rows(ids, g);
        long sum = 0;
        for (int i = 0; i < rs.length; i++) {
            sum = sum * 7 + rs[i];
        }
        System.out.println("rows " + rs[0] + " " + rs[1] + " " + rs[1999] + " " + sum);

        // Ragged rows: the CPU path.
        int[][] ragged = new int[5][];
        for (int i = 0; i < 5; i++) {
            ragged[i] = new int[i + 2];
            for (int j = 0; j < i + 2; j++) {
                ragged[i][j] = i - j;
            }
        }
        int[] rr = rows(ids, ragged);
        sum = 0;
        for (int i = 0; i < rr.length; i++) {
            sum = sum * 7 + rr[i];
        }
        System.out.println("ragged " + rr[0] + " " + rr[1] + " " + rr[4] + " " + sum);

        float[][] f = new float[4][3000];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3000; j++) {
                f[i][j] = j - i * 0.25f;
            }
        }
        f = column(f, 2);
        f = column(f, 2);
        System.out.println("column " + f[2][0] + " " + f[2][2999] + " " + f[1][2999]);
    }
}
