// Java twin of device_row_writers_kept.somd: one MI over the whole arrays (`Somd.offset`
// is 0); parameters the methods write are passed by value: each writes a deep copy.
class Main {
    static double[] kept = new double[0];

    static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

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

    static void stash(double[] x) {
        kept = x;
    }

    static double[] direct(double[] out, double[][] a, double[] v) {
        for (int i = 0; i < out.length; i++) {
            out[i] = dot(a[i + 0], v);
        }
        return out;
    }

    static double[] bumping(double[] out, double[][] a) {
        a = deepCopy(a);
        for (int i = 0; i < out.length; i++) {
            out[i] = firstBumped(a[i + 0]) + a[i + 0][1];
        }
        return out;
    }

    static double[] rowBump(double[] out, double[][] a) {
        a = deepCopy(a);
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            row[1] = row[1] * 2;
            out[i] = firstBumped(row) * 2 + row[0] + row[1] + row.length;
        }
        return out;
    }

    static double[] keeping(double[] out, double[][] a) {
        a = deepCopy(a);
        for (int i = 0; i < out.length; i++) {
            stash(a[i + 0]);
            out[i] = a[i + 0][0];
        }
        return out;
    }

    static void stashed(int n, int m, double[] v) {
        double[][] b = new double[n][m];
        for (int i = 0; i < n; i++) {
            b[i][0] = i % 5;
        }
        double[] x = direct(new double[n], b, v);
        double[] y = keeping(new double[n], b);
        double[] z = direct(new double[n], b, v);
        System.out.println("stashed " + x[4] + " " + y[4] + " " + z[4] + " " + b[4][0]);
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
        double[] x = direct(new double[n], a, v);
        double[] w = bumping(new double[n], a);
        double[] z = direct(new double[n], a, v);
        double[] q = rowBump(new double[n], a);
        System.out.println("mixed " + x[3] + " " + w[n - 1] + " " + z[5] + " " + q[n - 2] + " " + a[3][0]);
        a[5][0] = 40.0;
        double s = 0;
        for (int r = 0; r < 3; r++) {
            double[] u = rowBump(new double[n], a);
            double[] d = direct(new double[n], a, v);
            s = s + u[5] + d[5];
        }
        System.out.println("loop " + s + " " + a[5][0] + " " + a[5][1]);
        stashed(n, m, v);
    }
}
