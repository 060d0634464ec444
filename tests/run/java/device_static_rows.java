// Java twin of device_static_rows.somd.
class Main {
    static final int[][] W = Main.weights(6, 5);
    static final double[][] P = new double[][]{{1.0, -0.5, 0.25}, {2.0, 0.0, -1.0}};

    static int[][] weights(int rows, int cols) {
        int[][] w = new int[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                w[r][c] = (r * 7 + c * 3) % 11 - 5;
            }
        }
        return w;
    }

    static final int[] T = new int[]{9, -4, 7, 1};

    static int dot(int[] row, int x) {
        int s = 0;
        for (int c = 0; c < row.length; c++) {
            s += row[c] * ((x >> c) & 7);
        }
        return s;
    }

    static int twice(int[] row, int x) {
        return dot(row, x) + dot(row, x >> 3);
    }

    static double poly(double[] c, double x) {
        double s = 0;
        for (int k = c.length - 1; k >= 0; k--) {
            s = s * x + c[k];
        }
        return s;
    }

    // A row chosen per element, passed to a helper and on to another.
    static long score(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += dot(W[(a[i] & 0x7fff) % W.length], a[i]) + twice(W[a[i] & 1], a[i]);
        }
        return s;
    }

    // The same from a `@` target.
    static double curve(double x) {
        return poly(P[0], x) * poly(P[1], x - 1);
    }

    // Locals naming a static array and rows of a static matrix, one passed on.
    static long named(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] t = T;
            int[] row = W[(a[i] >>> 3) % W.length];
            s += t[a[i] & 3] * row[a[i] & 3] + dot(row, a[i]) + row.length * t.length;
        }
        return s;
    }

    // A row named in a `@` target, the local given a second row of the same matrix.
    static double mixed(double x) {
        double[] c = P[0];
        double s = poly(c, x);
        if (x > 0) {
            c = P[1];
        }
        return s + c[2] * x;
    }

    // A 2-D nest: row `j` of `W` for column `j`.
    static int[][] table(int[][] m) {
        int[][] r = new int[m.length][W.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < W.length; j++) {
                r[i][j] = dot(W[j], m[i][0]);
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 20000;
        int[] a = new int[n];
        int x = 99;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            a[i] = x >> 4;
        }
        System.out.println("score " + score(a));
        double[] xs = new double[3000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 0.001 - 1.5;
        }
        double[] ys = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            ys[i] = curve(xs[i]);
        }
        System.out.println("curve " + ys[0] + " " + ys[1500] + " " + ys[2999]);
        System.out.println("named " + named(a));
        double[] zs = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            zs[i] = mixed(xs[i]);
        }
        System.out.println("mixed " + zs[0] + " " + zs[1500] + " " + zs[2999]);
        int[][] m = new int[700][1];
        for (int i = 0; i < m.length; i++) {
            m[i][0] = i * 37;
        }
        int[][] t = table(m);
        long sum = 0;
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < t[i].length; j++) {
                sum += (long) t[i][j] * (i + j);
            }
        }
        System.out.println("table " + t.length + " x " + t[0].length + " " + sum + " " + t[699][5]);
    }
}
