// Java twin of exc_row_tiles_bound.somd.
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

    public static void main(String[] args) {
        double[][] g = new double[70][100];
        for (int i = 0; i < 70; i++) {
            for (int j = 0; j < 100; j++) g[i][j] = i - j * 0.5;
        }
        double[] x = new double[100];
        for (int j = 0; j < 100; j++) x[j] = 1.0 / (j + 1);
        System.out.println(matvec(g, x)[69]);
        double[] longer = new double[101];
        System.out.println(matvec(g, longer)[0]);
    }
}
