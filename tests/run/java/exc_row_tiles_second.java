// Java twin of exc_row_tiles_second.somd.
class Main {
    static double[] sums(double[][] g, double[][] h) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < g[i].length; j++) {
                s = s * 0.5 + g[i][j] + h[i][j];
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        double[][] g = new double[70][130];
        double[][] h = new double[3][130];
        for (int i = 0; i < 70; i++) {
            for (int j = 0; j < 130; j++) g[i][j] = (i + j) % 7;
        }
        System.out.println(sums(g, h)[69]);
    }
}
