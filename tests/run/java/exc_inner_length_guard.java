// An inner loop bounded by another array's length reads a row up to it: `a[i][j]` for `j <
// x.length`. The kernel tests `a[i].length >= x.length` once and then reads without
// checks (loop versioning); the second call's vector is longer than the rows, so the test
// fails and the checked body raises Java's exception at row 0's column 24.
class Main {
    static double[] dot(double[][] a, double[] x) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += a[i][j] * x[j];
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        double[][] a = new double[300][24];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 24; j++) a[i][j] = (i * 7 + j * 3) % 11 - 5.5;
        }
        double[] x = new double[24];
        for (int j = 0; j < 24; j++) x[j] = 1.0 / (j + 1);
        double[] y = dot(a, x);
        System.out.println(y[0] + " " + y[299]);
        double[] shortX = new double[10];
        for (int j = 0; j < 10; j++) shortX[j] = j * 0.25;
        y = dot(a, shortX);
        System.out.println(y[1] + " " + y[298]);
        double[] longX = new double[30];
        y = dot(a, longX);
        System.out.println(y[2]);
    }
}
// throws-at: 11:22
