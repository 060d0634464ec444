// Java twin of exc_stop_fold_range_float.somd.
class Main {
    static double half(double[] row, int k) {
        return row[k] * 0.5 + k;
    }

    static double total(double[] row, int n) {
        double s = 0.0;
        for (int k = 0; k < n; k++) {
            s += half(row, k);
        }
        return s;
    }

    static double[] map(double[][] v, int n) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = total(v[i], n);
        }
        return r;
    }

    public static void main(String[] args) {
        double[][] m = new double[2000][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i * 0.3 - j / 7.0;
        }
        double[] r = map(m, 37);
        System.out.println(r[0] + " " + r[1999]);
        r = map(m, 2000000000);
        System.out.println(r[0]);
    }
}
