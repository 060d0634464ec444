// args: 2000 300
// Java twin of device_row_locals_read.somd: one method instance over the whole arrays
// (`Somd.offset` is 0); `rowPoke` takes its matrix by value, so its caller passes a deep
// copy.
class Main {
    static double[] rowDots(double[] out, double[][] a, double[] v) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            double s = 0;
            for (int t = 0; t < row.length; t++) {
                s += row[t] * v[t];
            }
            out[i] = s;
        }
        return out;
    }

    static double[][] transpose(double[][] out, double[][] m) {
        int r0 = 0;
        int c0 = 0;
        for (int i = 0; i < out.length; i++) {
            for (int j = 0; j < out[i].length; j++) {
                out[i][j] = m[c0 + j][r0 + i];
            }
        }
        return out;
    }

    static double[] rowPoke(double[] out, double[][] a) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            row[0] = row[0] + 1;
            out[i] = row[0] * 2;
        }
        return out;
    }

    static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    static double[] poked(int n, int m) {
        double[][] b = new double[n][m];
        for (int i = 0; i < n; i++) {
            b[i][0] = i % 7;
        }
        double[] p = rowPoke(new double[n], deepCopy(b));
        System.out.println("poked " + p[3] + " " + b[3][0]);
        return p;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        double[][] a = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                a[i][t] = (i * 31 + t * 17) % 19 - 9;
            }
        }
        double[] v = new double[m];
        for (int t = 0; t < m; t++) {
            v[t] = t % 5 - 2;
        }
        double[] o1 = rowDots(new double[n], a, v);
        double[] o2 = rowDots(new double[n], a, v);
        a[2][3] = 100;
        double[] o3 = rowDots(new double[n], a, v);
        double[][] t = transpose(new double[m][n], a);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = i % 3 - 1;
        }
        double[] q1 = rowDots(new double[m], t, w);
        double[] q2 = rowDots(new double[m], t, w);
        System.out.println("transposed " + q1[3] + " " + q2[m - 1] + " " + t[3][2]);
        double[] p = poked(a.length, m);
        System.out.println(o1[5] + " " + o2[n - 1] + " " + o3[2] + " " + p[7] + " " + a[7][0]);
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += o1[i] - o2[i] + o3[i] * 2 + p[i];
        }
        System.out.println(s);
    }
}
