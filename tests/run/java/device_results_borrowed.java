// args: 60000 4
// Java twin of device_results_borrowed.somd: one method instance over the whole arrays
// (`Somd.offset` is 0, `Somd.globalLength` the length); `bump` takes its parameter by
// value, so its caller passes a copy.
class Main {
    static double[] smooth(double[] x) {
        double[] y = new double[x.length];
        int off = 0;
        int total = x.length;
        for (int i = 0; i < x.length; i++) {
            int g = off + i;
            if (g < 1 || g >= total - 1) {
                y[i] = x[i];
            } else if (i >= 1 && i < x.length - 1) {
                y[i] = (x[i - 1] + 2 * x[i] + x[i + 1]) * 0.25;
            }
        }
        return y;
    }

    static double sum(double[] x) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }

    static long[] twice(long[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 2 + 1;
        }
        return r;
    }

    static double[] bump(double[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = v[i] + 1;
        }
        return v;
    }

    static double bumped(double[] x) {
        double[] y = x;
        for (int p = 0; p < 2; p++) {
            y = bump(y.clone());
        }
        return y[2] + x[2];
    }

    static double movedOn(double[] x) {
        double[] y = x;
        double[] z = new double[4];
        z = y;
        y = new double[x.length];
        double s1 = sum(z);
        x[1] = 200.0;
        double s2 = sum(z);
        z = smooth(z);
        return s1 + s2 * 3 + z[0] + z[2] + y[0];
    }

    static double handedOn(double[] x) {
        double[] y = x;
        double s = sum(y);
        y = smooth(y);
        double[] z = y;
        x[5] = -3.0;
        z[6] = 4.0;
        z = smooth(z);
        return s + z[5] + z[6] + x[5];
    }

    static double roundTrip(double[] x) {
        double[] y = x;
        double[] w = new double[4];
        w = y;
        y = smooth(x);
        y = w;
        w = new double[4];
        double s1 = sum(y);
        x[8] = 300.0;
        double s2 = sum(y);
        return s1 + s2 * 5 + w.length;
    }

    static double rounds(double[] x, int passes) {
        double[] y = x;
        for (int p = 0; p < passes; p++) {
            y = smooth(y);
        }
        return y[7] + y[y.length / 2] + x[7];
    }

    static long fromParam(long[] a, int passes) {
        long[] b = a;
        a[0] = 5;
        for (int p = 0; p < passes; p++) {
            b = twice(b);
        }
        return b[0] + b[b.length - 1] + a[0];
    }

    static double writtenBetween(double[] x) {
        double[] y = x;
        double s1 = sum(y);
        x[3] = 1000;
        double s2 = sum(y);
        y[4] = -50;
        double s3 = sum(y);
        y = smooth(y);
        return s1 + s2 * 3 + s3 * 7 + x[4] + y[4];
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int passes = Integer.parseInt(args[1]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i * 37 % 101) * 0.5;
        }
        System.out.println("rounds " + rounds(x, passes));
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 3 - 7;
        }
        System.out.println("fromParam " + fromParam(a, passes) + " " + a[1]);
        System.out.println("writtenBetween " + writtenBetween(x) + " " + x[3] + " " + x[4]);
        double[] z = x;
        for (int p = 0; p < passes; p++) {
            z = smooth(z);
        }
        System.out.println("main " + z[9] + " " + x[9] + " " + sum(z));
        System.out.println("bumped " + bumped(x) + " " + x[2]);
        System.out.println("movedOn " + movedOn(x) + " " + x[1]);
        System.out.println("handedOn " + handedOn(x) + " " + x[5] + " " + x[6]);
        System.out.println("roundTrip " + roundTrip(x) + " " + x[8]);
    }
}
