// Java twin of device_rows_cpu_call.somd: each SOMD method runs as one MI (no `dist`) on a
// copy of the matrix it updates (arguments are passed by value).
class Main {

    static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int j = 0; j < a.length; j++) {
            c[j] = a[j].clone();
        }
        return c;
    }

    static double[][] update(double[][] a, double[][] w, int k) {
        int first = 0;
        a = copy(a);
        for (int jj = 0; jj < a.length; jj++) {
            int j = first + jj;
            if (j <= k) {
                continue;
            }
            double[] r = a[jj];
            for (int i = 0; i < r.length; i++) {
                r[i] = r[i] * 0.5 + w[0][i % w[0].length] + k;
            }
        }
        return a;
    }

    static double run(double[][] a, double[][] b, double[][] wa, double[][] wb, int n) {
        double seen = 0;
        for (int k = 0; k < n - 1; k++) {
            double[] rowK = a[k];
            rowK[k] = rowK[k] + 1;
            a = update(a, wa, k);
            double[][] c = update(b, wb, k);
            seen += c[k + 1][k + 1] + c[n - 1][0];
        }
        return seen + a[n - 1][n - 1];
    }

    static double[][] matrix(int n, double scale) {
        double[][] m = new double[n][n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                m[j][i] = (scale * i + j) / 16;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int n = 8;
        double[][] ragged = new double[3][];
        ragged[0] = new double[] {0.25, 0.5, 0.75};
        ragged[1] = new double[] {1.0};
        ragged[2] = new double[] {2.0, 3.0};
        double[][] square = new double[2][2];
        square[0][0] = 0.125;
        square[0][1] = 4.0;
        System.out.println("ragged first: " + run(matrix(n, 1), matrix(n, 3), ragged, square, n));
        System.out.println("square first: " + run(matrix(n, 1), matrix(n, 3), square, ragged, n));
    }
}
