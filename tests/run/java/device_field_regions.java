// args: 400 7
class Mat {
    double[][] a;
    double[] d;

    Mat(int n, int k) {
        a = new double[n][n];
        d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = (i + k) % 3;
            for (int j = 0; j < n; j++) {
                a[i][j] = ((i * 7 + j * 3 + k) % 11) * 0.5;
            }
        }
    }

    double[] scaled(double[] x) {
        int o = 0;
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * d[o + i] + 1.0;
        }
        return r;
    }

    double both(double[] p) {
        double[] q = Main.mv(a, p);
        double[] s = Main.mv(a, q);
        return q[1] + s[2];
    }
}

class Main {
    static double[] mv(double[][] a, double[] x) {
        double[] y = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += a[i][j] * x[j];
            }
            y[i] = s * 0.001;
        }
        return y;
    }

    static double rowsum(double[][] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                s += a[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int k = Integer.parseInt(args[1]);
        Mat m = new Mat(n, k);
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = i % 5;
        }
        double[] q = mv(m.a, p);
        double[] s = mv(m.a, q);
        double t = rowsum(m.a);
        double[] u = m.scaled(q);
        double[] v = m.scaled(s);
        System.out.println(q[3] + " " + s[7] + " " + t + " " + u[9] + " " + v[11]);
        double[] w = mv(m.a, p);
        m = new Mat(n, k + 1);
        double[] x = mv(m.a, p);
        double[] y = mv(m.a, x);
        System.out.println(w[5] + " " + x[5] + " " + y[6] + " " + m.both(p));
        Mat z = null;
        if (k > 100) {
            z = m;
        }
        double[] z1 = mv(z.a, p);
        double[] z2 = mv(z.a, z1);
        System.out.println("unreached " + z2[0]);
    }
}
