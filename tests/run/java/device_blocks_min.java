// Java twin of device_blocks_min.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[][] f(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            double[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                double[] y = b[j];
                double s = 1;
                for (int k = 0; k < -2147483648; k++) {
                    s += x[k] * y[k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }
    public static void main(String[] args) {
        double[][] a = new double[40][8];
        double[][] b = new double[50][8];
        double[][] d = f(a, b);
        System.out.println(d.length + " " + d[39][4]);
    }
}
