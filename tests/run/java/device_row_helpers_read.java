// args: 2000 300
// Java twin of device_row_helpers_read.somd: one method instance over the whole arrays
// (`Somd.offset` is 0); `bumping` and `rowBump` take their matrix by value, so their
// callers pass a deep copy.
class Main {
    static double dot(double[] x, double[] y) {
        double s = 0;
        for (int t = 0; t < x.length; t++) {
            s += x[t] * y[t];
        }
        return s;
    }

    static double firstBumped(double[] x) {
        x[0] = x[0] + 1;
        return x[0];
    }

    static double[] viaLocal(double[] out, double[][] a, double[] v) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            out[i] = dot(row, v) + row.length;
        }
        return out;
    }

    static double[] direct(double[] out, double[][] a, double[] v) {
        for (int i = 0; i < out.length; i++) {
            out[i] = dot(a[i + 0], v);
        }
        return out;
    }

    static double[] bumping(double[] out, double[][] a) {
        for (int i = 0; i < out.length; i++) {
            out[i] = firstBumped(a[i + 0]);
        }
        return out;
    }

    static double[] rowBump(double[] out, double[][] a) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            out[i] = firstBumped(row) * 2 + row[0];
        }
        return out;
    }

    static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static void writers(int n, int m, double[] v) {
        double[][] b = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                b[i][t] = (i * 3 + t) % 5 - 2;
            }
        }
        double[] w = bumping(new double[n], copy(b));
        double[] u = rowBump(new double[n], copy(b));
        System.out.println("bumped " + w[7] + " " + u[7] + " " + b[7][0]);
        b[7][0] = 40.0;
        double[] r = direct(new double[n], b, v);
        System.out.println("after " + r[7] + " " + r[8]);
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        double[][] a = new double[n][m];
        double[] v = new double[m];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                a[i][t] = (i + 2 * t) % 7 - 3;
            }
        }
        for (int t = 0; t < m; t++) {
            v[t] = t % 3 + 0.5;
        }
        double[] x = viaLocal(new double[n], a, v);
        double[] y = viaLocal(new double[n], a, v);
        double[] z = direct(new double[n], a, v);
        double[] q = direct(new double[n], a, v);
        System.out.println("read " + x[3] + " " + y[n - 1] + " " + z[5] + " " + q[n - 2]);
        writers(n, m, v);
    }
}
