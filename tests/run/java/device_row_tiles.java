// Java twin of device_row_tiles.somd.
class Main {
    static double[] matvec(double[][] g, double[] x) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += g[i][j] * x[j];
            }
            out[i] = s;
        }
        return out;
    }

    static float[] decay(float[][] m, float w) {
        float[] out = new float[m.length];
        int[] last = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            float[] r = m[i];
            float s = 0;
            float c = w * 0.5f;
            for (int j = 0; j < r.length; j++) {
                s = s * c + r[j];
            }
            out[i] = s;
            last[i] = (int) s;
        }
        return out;
    }

    static long[] hash(int[][] a, int k) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long h = 7;
            for (int j = 0; j < k - 1; j++) {
                h = h * 31 + (a[i][j] ^ (j * 0x9E3779B9));
            }
            out[i] = h;
        }
        return out;
    }

    static double sum(double[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) s = s * 0.999 + v[i];
        return s;
    }

    public static void main(String[] args) {
        int[] rowCounts = {1, 31, 32, 33, 70};
        int[] colCounts = {1, 31, 32, 33, 64, 65, 257};
        long seed = 12345;
        for (int p = 0; p < rowCounts.length; p++) {
            for (int q = 0; q < colCounts.length; q++) {
                int rows = rowCounts[p];
                int cols = colCounts[q];
                double[][] g = new double[rows][cols];
                float[][] m = new float[rows][cols];
                int[][] a = new int[rows][cols];
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        seed = (seed * 25214903917L + 11) & ((1L << 48) - 1);
                        int v = (int) (seed >>> 16);
                        g[i][j] = v / 65536.0 + 0.1 * j;
                        m[i][j] = (v & 1023) / 7.0f;
                        a[i][j] = v;
                    }
                }
                double[] x = new double[cols];
                for (int j = 0; j < cols; j++) x[j] = 1.0 / (j + 3);
                double[] y = matvec(g, x);
                float[] d = decay(m, 1.75f);
                long[] h = hash(a, cols);
                long hs = 0;
                for (int i = 0; i < rows; i++) hs = hs * 1000003 + h[i];
                float ds = 0;
                for (int i = 0; i < rows; i++) ds = ds * 0.5f + d[i];
                System.out.println(rows + "x" + cols + " " + sum(y) + " " + y[rows - 1] + " "
                    + ds + " " + d[0] + " " + hs + " " + h[rows / 2]);
            }
        }
    }
}
