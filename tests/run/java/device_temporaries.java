// Java twin of device_temporaries.somd: one MI over the whole arrays, arrays the SOMD
// methods write copied first (parameters are passed by value).
class Main {
    static double[] distances(double[] x, double[] y, double cx, double cy) {
        double dx, dy;
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            dx = x[i] - cx;
            dy = y[i] - cy;
            out[i] = Math.sqrt(dx * dx + dy * dy);
        }
        return out;
    }

    // The parameter `t` is only a temporary: its value as passed is never read.
    static int[] reuse(int[] a, int t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            t = a[i] * 2;
            out[i] = t * t + 1;
        }
        return out;
    }

    static long folded(int[] a) {
        long v = 0;
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] % 3 == 0) {
                v = a[i] * 5L;
            } else {
                v = -a[i];
            }
            s += v;
        }
        return s;
    }

    static long[] rowSums(int[][] m) {
        long t;
        int k;
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            t = 0;
            for (k = 0; k < m[i].length; k++) t += m[i][k] * (k + 1);
            out[i] = t;
        }
        return out;
    }

    static int[][] squares(int[][] m) {
        int t;
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                t = m[i][j] * 3 - 7;
                out[i][j] = t * t;
            }
        }
        return out;
    }

    static double energy(double[] x) {
        double e;
        double total = 0.0;
        for (int i = 0; i < x.length; i++) {
            e = x[i] * x[i];
            total = Math.max(total, e);
        }
        return total;
    }

    static long[] steps(long[] a0, long[] b0, int rounds) {
        long[] a = a0.clone();
        long[] b = b0.clone();
        long left, right;
        for (int r = 0; r < rounds; r++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    left = a[i - 1];
                    right = a[i + 1];
                    b[i] = (left + right) / 2 + r;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int n = 50000;
        double[] x = new double[n];
        double[] y = new double[n];
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 97) * 0.5;
            y[i] = (i % 89) * 0.25;
            a[i] = (i * 7919) % 2003 - 1000;
        }
        double[] d = distances(x, y, 3.0, 4.0);
        System.out.printf("distances %.6f %.6f %.6f%n", d[0], d[n / 2], d[n - 1]);
        int[] r = reuse(a, 99);
        System.out.println("reuse " + r[1] + " " + r[n - 1]);
        System.out.println("folded " + folded(a));

        int[][] m = new int[300][200];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 200; j++) m[i][j] = (i * 31 + j * 17) % 101 - 50;
        }
        long[] rs = rowSums(m);
        System.out.println("rowSums " + rs[0] + " " + rs[150] + " " + rs[299]);
        int[][] sq = squares(m);
        System.out.println("squares " + sq[0][0] + " " + sq[123][45] + " " + sq[299][199]);
        System.out.println("energy " + energy(x));

        long[] w = new long[2000];
        for (int i = 0; i < w.length; i++) w[i] = (i * 37L) % 1000;
        long[] s = steps(w, new long[2000], 6);
        System.out.println("steps " + s[1] + " " + s[1000] + " " + s[1998]);
    }
}
