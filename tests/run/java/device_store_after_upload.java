// Java twin of device_store_after_upload.somd: `scale` writes its by-value parameter: a
// copy.
class Main {
    static double[] scale(double[] a, double f) {
        a = a.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * f + 1.0;
        }
        return a;
    }

    static double sum(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 7;
        }
        for (int r = 0; r < 3; r++) {
            x = scale(x, 0.5);
        }
        x[3] = 4.0;
        for (int i = 0; i < n; i++) {
            x[i] = x[i] + 1;
        }
        double s = sum(x);
        x[5] = 2.0;
        double t = sum(x);
        System.out.println(s + " " + t + " " + x[5] + " " + x[n - 1]);
    }
}
