// Java twin of device_row_tiles_guarded.somd.
class Main {
    static double[] direct(double[][] g, double[][] h) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < g[i].length; j++) {
                s = s * 0.5 + g[i][j];
                if (g[i][0] < h.length) s += h[i][j];
            }
            out[i] = s;
        }
        return out;
    }

    static double[] rowLocal(double[][] g, double[][] h) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < g[i].length; j++) {
                s = s * 0.5 + g[i][j];
                if (g[i][0] < h.length) {
                    double[] r = h[i];
                    s += r[j] * 3;
                }
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] rowCounts = {33, 70, 20000};
        int[] shortCounts = {1, 10, 33, 70};
        for (int p = 0; p < rowCounts.length; p++) {
            for (int q = 0; q < shortCounts.length; q++) {
                int rows = rowCounts[p];
                int hs = shortCounts[q];
                double[][] g = new double[rows][130];
                for (int i = 0; i < rows; i++) {
                    g[i][0] = i;
                    for (int j = 1; j < 130; j++) g[i][j] = (i * 7 + j * 13) % 101 * 0.25;
                }
                double[][] h = new double[hs][130];
                for (int i = 0; i < hs; i++) {
                    for (int j = 0; j < 130; j++) h[i][j] = j * 0.5 - 3;
                }
                double[] a = direct(g, h);
                double[] b = rowLocal(g, h);
                double t = 0;
                for (int i = 0; i < rows; i++) t = t * 0.75 + a[i] - b[i] * 0.125;
                System.out.println(rows + " " + hs + " " + t + " " + a[rows - 1] + " " + b[0]);
            }
        }
    }
}
