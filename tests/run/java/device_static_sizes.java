// Java twin of device_static_sizes.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays, a `combine` strategy
// returns the single result.
class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Scaler {
    final int factor;

    Scaler(int factor) {
        this.factor = factor;
    }

    int[][] apply(int[][] m) {
        int[][] r = new int[m.length][Main.W];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < Main.W; j++) {
                r[i][j] = m[i][j] * factor + Main.W;
            }
        }
        return r;
    }
}

class Main {
    static final int BINS = Main.pick(13, 3);
    static final int W = Main.pick(9, 2);

    static int pick(int base, int extra) {
        return base + extra;
    }

    static int[] histogram(int[] data) {
        int[] h = new int[BINS];
        for (int i = 0; i < data.length; i++) {
            h[(data[i] >>> 9) % BINS]++;
        }
        return h;
    }

    static float[][] scale(float[][] m, float s) {
        float[][] r = new float[m.length][W];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < W; j++) {
                r[i][j] = m[i][j] * s;
            }
        }
        return r;
    }

    static double prefix(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < W; j++) {
                s += m[i][j];
            }
        }
        return s;
    }

    static long[][] steps(long[][] m) {
        long[][] r = new long[m.length][W - 1];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < W - 1; j++) {
                r[i][j] = m[i][j + 1] - m[i][j];
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 50000;
        int[] data = new int[n];
        int x = 12345;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            data[i] = x;
        }
        int[] h = histogram(data);
        long total = 0;
        for (int b = 0; b < h.length; b++) {
            System.out.print(h[b] + " ");
            total += h[b];
        }
        System.out.println();
        System.out.println("bins " + h.length + " total " + total);

        int rows = 700;
        float[][] f = new float[rows][W + 4];
        double[][] d = new double[rows][W + 1];
        long[][] l = new long[rows][W];
        int[][] k = new int[rows][W];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < W + 4; j++) {
                f[i][j] = i * 0.5f + j;
            }
            for (int j = 0; j < W + 1; j++) {
                d[i][j] = i * 0.125 + j * 3;
            }
            for (int j = 0; j < W; j++) {
                l[i][j] = (long) i * i * (j + 1) - 7L * j * j;
                k[i][j] = i - 3 * j;
            }
        }
        float[][] r = scale(f, 1.5f);
        System.out.println(r.length + " x " + r[0].length + ": " + r[0][0] + " " + r[rows - 1][W - 1] + " " + r[123][4]);
        System.out.println("prefix " + prefix(d));
        long[][] s = steps(l);
        long sum = 0;
        for (int i = 0; i < s.length; i++) {
            for (int j = 0; j < s[i].length; j++) {
                sum += s[i][j] * (j + 1);
            }
        }
        System.out.println(s.length + " x " + s[0].length + " steps " + sum);
        int[][] a = new Scaler(3).apply(k);
        System.out.println(a.length + " x " + a[0].length + ": " + a[0][0] + " " + a[rows - 1][W - 1] + " " + a[42][7]);
    }
}
