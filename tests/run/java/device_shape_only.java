// Java twin of device_shape_only.somd: SOMD methods are plain calls over the whole arrays.
class Main {
    static double[] ramp(double[] shape, double step) {
        double[] r = new double[shape.length];
        for (int i = 0; i < shape.length; i++) {
            r[i] = step * i - 1.5;
        }
        return r;
    }

    static int[] mixed(int[] shape, int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < shape.length; i++) {
            r[i] = x[i] * 3 + i;
        }
        return r;
    }

    static long weights(long[] shape) {
        long s = 0;
        for (int i = 0; i < shape.length; i++) {
            long g = i;
            s += g * g % 1009;
        }
        return s;
    }

    static int[][] rows(int[][] m, int width) {
        int[][] r = new int[m.length][width];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < width; j++) {
                r[i][j] = i * width + j;
            }
        }
        return r;
    }

    static int[] inverse(int[] shape, int at) {
        int[] r = new int[shape.length];
        for (int i = 0; i < shape.length; i++) {
            r[i] = 100000 / (i - at);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 50000;
        double[] d = new double[n];
        double[] r = ramp(d, 0.25);
        System.out.println(r[0] + " " + r[7] + " " + r[n - 1]);

        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i * 7919) % 1009;
        }
        int[] s = new int[n];
        int[] y = mixed(s, x);
        System.out.println(y[0] + " " + y[12345] + " " + y[n - 1]);

        long[] w = new long[n];
        System.out.println(weights(w));

        int[][] m = new int[300][5];
        int[][] g = rows(m, 7);
        System.out.println(g[0][6] + " " + g[299][0] + " " + g.length + " " + g[0].length);

        int[] inv = inverse(s, 30000);
        System.out.println(inv[0]);
    }
}
