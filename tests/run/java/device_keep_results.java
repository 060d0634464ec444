class Main {
    static double[] scale(double[] x, double f) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * f + 1.0;
        }
        return r;
    }

    static double norm(double[] x) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * x[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 10;
        }
        double[] y = scale(x, 2.0);
        double a = norm(y);
        double[] z = scale(y, 0.5);
        double b = norm(z);
        y[0] = 1000.0;
        double c = norm(y);
        double d = norm(z);
        System.out.println(a + " " + b + " " + c + " " + d + " " + z[1]);
    }
}
