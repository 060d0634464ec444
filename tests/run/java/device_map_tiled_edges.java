// Java twin of device_map_tiled_edges.somd: every `@` is a loop over the mapped argument,
// value arrays are arrays.
class Main {
    static double dacc(double x, double[] others) {
        double s = 0.5;
        for (int j = 0; j < others.length; j++) {
            double d = others[j] - x;
            s = s * 0.75 + d * d;
        }
        if (s > 100.0) {
            s = s - 100.0;
        }
        return s;
    }

    static int near(int x, int[] others) {
        int c = 0;
        for (int j = 0; j < others.length; j++) {
            int d = others[j] - x;
            if (d * d < 400) {
                c++;
            }
        }
        return c > 3 ? c * 2 : c;
    }

    public static void main(String[] args) {
        int[][] sizes = {{1, 257}, {5, 257}, {300, 600}, {513, 257}, {257, 1000}};
        for (int t = 0; t < sizes.length; t++) {
            int n = sizes[t][0];
            int m = sizes[t][1];
            double[] xs = new double[n];
            int[] ks = new int[n];
            for (int i = 0; i < n; i++) {
                xs[i] = i * 0.25;
                ks[i] = i * 7 % 311;
            }
            double[] os = new double[m];
            int[] js = new int[m];
            for (int i = 0; i < m; i++) {
                os[i] = i * 0.5;
                js[i] = i * 13 % 331;
            }
            double[] r = new double[n];
            int[] c = new int[n];
            for (int i = 0; i < n; i++) {
                r[i] = dacc(xs[i], os);
                c[i] = near(ks[i], js);
            }
            double h = 0;
            long k = 0;
            for (int i = 0; i < n; i++) {
                h = h * 0.5 + r[i];
                k = k * 31 + c[i];
            }
            System.out.println(n + " " + m + " " + r[0] + " " + r[n - 1] + " " + h + " " + k);
        }
    }
}
