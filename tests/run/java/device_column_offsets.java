// Java twin of device_column_offsets.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[][] oneBased(double[][] m) {
        int first = 0;
        for (int j = 1; j <= m[0].length; j++) {
            m[0][j - 1] = m[1][j - 1] * 2.0 + (first + j);
            m[2][j - 1] = m[0][j - 1] - 0.5;
        }
        return m;
    }

    static float[][] ahead(float[][] g) {
        for (int j = -1; j < g[0].length - 1; j++) {
            float[] r = g[1];
            g[1][j + 1] = r[j + 1] * 0.5f + g[0][j + 1];
        }
        return g;
    }

    public static void main(String[] args) {
        int n = 1001;
        double[][] m = new double[3][n];
        for (int j = 0; j < n; j++) {
            m[1][j] = j * 0.25;
        }
        m = oneBased(m);
        System.out.println(m[0][0] + " " + m[0][500] + " " + m[2][n - 1] + " " + m[1][7]);
        float[][] g = new float[2][n];
        for (int j = 0; j < n; j++) {
            g[0][j] = j % 13;
            g[1][j] = j * 0.5f;
        }
        g = ahead(g);
        System.out.println(g[1][0] + " " + g[1][500] + " " + g[1][n - 1]);
    }
}
