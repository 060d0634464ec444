// Java twin of exc_fresh_rows.somd: one MI over the whole arrays.
class Main {
    static double[] rows(double[] a, double[][] m, int n) {
        double[] out = new double[a.length];
        for (int r = 0; r < n; r++) {
            double[] t = new double[m[0].length];
            {
                for (int i = 0; i < a.length; i++) out[i] = out[i] + a[i] * r + t.length;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        double[] a = new double[100];
        for (int i = 0; i < 100; i++) a[i] = i * 0.5;
        double[] r = rows(a, new double[2][3], 3);
        System.out.println(r[0] + " " + r[99]);
        r = rows(a, new double[0][3], 3);
        System.out.println(r[0] + " " + r[99]);
    }
}
