// Java twin of device_row_length_bounds.somd: one MI over the whole arrays.
class Main {
    static double[][] smooth(double[][] g) {
        double[][] out = new double[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = g[i][j] * 0.5 + 1.0;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        double[][] g = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                g[i][j] = (i + j) % 9;
            }
        }
        for (int r = 0; r < 3; r++) {
            g = smooth(g);
        }
        System.out.println("rows " + g.length + " first " + g[0].length + " last " + g[n - 1].length);
        int k = n - 1;
        for (int t = 0; t < 3; t++) {
            k = k + t;
        }
        System.out.println("element " + g[2][3]);
        System.out.println("past " + g[k].length);
    }
}
