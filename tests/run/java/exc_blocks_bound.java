// Java twin of exc_blocks_bound.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[][] f(double[][] b, double[][] a) {
        double[][] out = new double[b.length][a.length];
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < a.length; j++) {
                double s = 0;
                for (int k = 0; k < a[i].length; k++) {
                    s += a[j][k] * b[i][k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }
    public static void main(String[] args) {
        double[][] a = new double[1][8];
        double[][] b = new double[40][8];
        double[][] d = f(b, a);
        System.out.println(d.length + " " + d[39][4]);
    }
}
