// Java twin of device_returned_written_whole.somd: the SOMD methods are plain methods
// writing clones of their parameters (they are passed by value).
class Main {
    static double[][] fill(double[][] out, double[][] in) {
        out = clone2(out);
        for (int i = 0; i < out.length; i++) {
            for (int j = 0; j < out[i].length; j++) {
                out[i][j] = in[i][j] * 2.0 + 1.0;
            }
        }
        return out;
    }

    static double[][] clone2(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static int[] ramp(int[] out, int k) {
        out = out.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = i * k;
        }
        return out;
    }

    static long[] twice(long[] out, long[] a) {
        out = out.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] + 5;
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = out[i] * 3 + a[i];
        }
        return out;
    }

    static int[] tail(int[] out, int k) {
        out = out.clone();
        for (int i = 0; i < out.length; i++) {
            if (i > 0) {
                out[i] = i * k;
            }
        }
        return out;
    }

    static int[] guarded(int[] out, int k) {
        out = out.clone();
        if (k < 0) {
            return out;
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = i + k;
        }
        return out;
    }

    static int[] maybe(int[] out, int k) {
        out = out.clone();
        if (k > 0) {
            for (int i = 0; i < out.length; i++) {
                out[i] = i * k + 1;
            }
        }
        return out;
    }

    static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 31 + a[i];
        }
        return s;
    }

    static int[] own(int n) {
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = 1000 + 7 * i;
        }
        return c;
    }

    public static void main(String[] args) {
        int n = 300;
        int m = 200;
        double[][] in = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                in[i][j] = i + 0.5 * j;
            }
        }
        double[][] out = fill(new double[n][m], in);
        double s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                s += out[i][j];
            }
        }
        System.out.println("fill " + s + " " + out[n - 1][m - 1]);

        int[] r = ramp(own(1000), 3);
        System.out.println("ramp " + sum(r) + " " + r[0] + " " + r[999]);

        long[] a = new long[777];
        for (int i = 0; i < a.length; i++) {
            a[i] = (long) i * i - 40;
        }
        long[] t = twice(new long[777], a);
        System.out.println("twice " + t[0] + " " + t[776]);

        int[] c = own(500);
        System.out.println("tail " + sum(tail(c, 2)) + " " + tail(c, 2)[0]);
        System.out.println("guarded " + sum(guarded(c, -1)) + " " + sum(guarded(c, 4)));
        System.out.println("maybe " + sum(maybe(c, 0)) + " " + sum(maybe(c, 5)));
        System.out.println("caller " + sum(c));

        double[][] scratch = new double[n][m];
        for (int k = 0; k < 3; k++) {
            double[][] q = fill(scratch, in);
            System.out.println("round " + k + " " + q[k][k] + " " + scratch[k][k]);
        }
    }
}
