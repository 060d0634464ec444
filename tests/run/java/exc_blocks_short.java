// Java twin of exc_blocks_short.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[][] dists(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            double[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                double[] y = b[j];
                double s = 0;
                for (int k = 0; k < x.length; k++) {
                    double d = x[k] - y[k];
                    s += d * d;
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        double[][] a = new double[40][8];
        double[][] b = new double[50][6];
        double[][] ok = dists(new double[40][6], b);
        System.out.println(ok.length + " " + ok[39][49]);
        double[][] d = dists(a, b);
        System.out.println(d[0][0]);
    }
}
