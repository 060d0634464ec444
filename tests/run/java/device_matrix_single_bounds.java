// args: 400 90
// Java twin of device_matrix_single_bounds.somd: one method instance over the whole arrays
// (`Somd.offset` is 0).
class Main {
    static double[][] shifted(double[][] g) {
        double[][] out = new double[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = g[i][j] + (0 + i) * 0.5 + (0 + j);
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        double[][] u = new double[n][m];
        for (int i = 0; i < n; i++) {
            u[i][i % m] = i;
        }
        double[][] r = shifted(u);
        System.out.println(r[1][2] + " " + r[n - 1][m - 1] + " " + r[5][5]);
        int k = m;
        System.out.println("past the row " + r[2][k]);
    }
}
