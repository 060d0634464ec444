// Java twin of device_private_folds.somd: each `@` is a loop, Somd.range(n) the indices
// 0..n-1, a value array a plain array. `op !` folds from the operator's identity (`byte`
// elements widened to `int`); with fewer than 1024 elements `+` and `*` over `float` and
// `double` are one block, folded left to right from the identity; `C.m !` is a left fold
// from the first element. A SOMD `reduce(+)` method is the sum over its loop.
class Main {
    static final int[][] TABLE = {{4, -9, 16, 1}, {25, 36, -49, 64}, {81, 0, -7, 3}};

    static int larger(int a, int b) {
        return a > b ? a : b;
    }

    static byte smaller(byte a, byte b) {
        return a < b ? a : b;
    }

    static int bits(int x) {
        int[] t = new int[12];
        for (int k = 0; k < 12; k++) {
            t[k] = (x >> k) & 1;
        }
        int sum = 0;
        int hi = Integer.MIN_VALUE;
        int xor = 0;
        for (int v : t) {
            sum += v;
            hi = Math.max(hi, v);
            xor ^= v;
        }
        int best = t[0];
        for (int k = 1; k < t.length; k++) best = larger(best, t[k]);
        return sum * 100 + hi * 10 + xor + best;
    }

    static float spread(int x) {
        float[] f = new float[40];
        for (int k = 0; k < f.length; k++) {
            f[k] = (x * 7 + k) / 9.0f;
        }
        float sum = 0.0f;
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (float v : f) {
            sum += v;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return sum - lo * hi;
    }

    static double digits(long x) {
        double[] d = {x % 10, (x / 10) % 10 * 0.1, (x / 100) % 10 * 0.01, x * 1e-9};
        double sum = 0.0;
        double prod = 1.0;
        for (double v : d) {
            sum += v;
            prod *= v;
        }
        return sum * prod;
    }

    static int bytes(int x) {
        byte[] b = new byte[16];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (x * 31 + k * 97);
        }
        int sum = 0;
        int lo = Integer.MAX_VALUE;
        for (byte v : b) {
            sum += v;
            lo = Math.min(lo, v);
        }
        byte least = b[0];
        for (int k = 1; k < b.length; k++) least = smaller(least, b[k]);
        return sum * 1000 + lo + least;
    }

    static int spanOf(int[] a) {
        int sum = 0;
        int lo = Integer.MAX_VALUE;
        for (int v : a) {
            sum += v;
            lo = Math.min(lo, v);
        }
        return sum - lo;
    }

    static int both(int x, int[] w) {
        int[] t = new int[4];
        for (int k = 0; k < t.length; k++) {
            t[k] = x * (k + 1) - w[k % w.length];
        }
        return spanOf(t) * 3 + spanOf(w);
    }

    static long privateRows(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] t = new int[3];
            t[0] = a[i];
            t[1] = a[i] >> 3;
            t[2] = -a[i] * 5;
            s += spanOf(t);
        }
        return s;
    }

    static int rowSum(int[] r) {
        int s = 0;
        for (int v : r) s += v;
        return s;
    }

    static long planeRows(int[][][] c, int x) {
        long s = 0;
        for (int y = 0; y < c[x].length; y++) {
            int best = c[x][y][0];
            for (int k = 1; k < c[x][y].length; k++) best = larger(best, c[x][y][k]);
            s = s * 31 + rowSum(c[x][y]) + best;
        }
        return s;
    }

    static long valueRows(long[][][] c, int x) {
        long s = 0;
        for (int y = 0; y < c[x].length; y++) {
            long hi = Long.MIN_VALUE;
            long sum = 0;
            for (long v : c[x][y]) {
                hi = Math.max(hi, v);
                sum += v;
            }
            s = s * 17 + (hi ^ sum);
        }
        return s;
    }

    static int planeLocal(int[][][] c, int x) {
        int[][] p = c[x];
        int s = 0;
        for (int y = 0; y < p.length; y++) {
            int lo = Integer.MAX_VALUE;
            for (int v : p[y]) lo = Math.min(lo, v);
            s = s * 7 + lo;
        }
        return s;
    }

    static double mappedPlane(double[][] p) {
        double s = 0;
        for (int y = 0; y < p.length; y++) {
            double sum = 0.0;
            for (double v : p[y]) sum += v;
            s += sum * (y + 1);
        }
        return s;
    }

    static int tableRows(int i) {
        int r = i % 3;
        int lo = Integer.MAX_VALUE;
        for (int v : TABLE[r]) lo = Math.min(lo, v);
        return rowSum(TABLE[r]) * 3 + lo + TABLE[r].length;
    }

    static int outside(int[][][] c, int x) {
        return rowSum(c[x][x + 4]);
    }

    public static void main(String[] args) {
        int n = 300;
        int[] b = new int[n];
        float[] f = new float[n];
        int[] y = new int[n];
        int[] w = {5, -3, 11, 2, 7};
        int[] h = new int[n];
        for (int i = 0; i < n; i++) {
            b[i] = bits(i);
            f[i] = spread(i);
            y[i] = bytes(i);
            h[i] = both(i, w);
        }
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i * 987654321L + 12345;
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = digits(ids[i]);
        }
        for (int i = 0; i < n; i += 37) {
            System.out.println(i + ": " + b[i] + " " + f[i] + " " + d[i] + " " + y[i] + " " + h[i]);
        }
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7919 - 400000;
        }
        System.out.println("privateRows " + privateRows(a));

        int[][][] c = new int[6][5][9];
        long[][][] lc = new long[6][5][9];
        double[][][] dc = new double[6][4][3];
        for (int p = 0; p < 6; p++) {
            for (int q = 0; q < 5; q++) {
                for (int k = 0; k < 9; k++) {
                    c[p][q][k] = (p * 37 + q * 11 - k * 5) % 29;
                    lc[p][q][k] = (long) (p + 1) * 1000000007L * (q - k);
                }
            }
            for (int q = 0; q < 4; q++) {
                for (int k = 0; k < 3; k++) {
                    dc[p][q][k] = p - q * 0.25 + k / 3.0;
                }
            }
        }
        for (int i = 0; i < 6; i++) {
            System.out.println("plane " + i + ": " + planeRows(c, i) + " " + valueRows(lc, i) + " " + planeLocal(c, i) + " " + mappedPlane(dc[i]));
        }
        int[] tr = new int[7];
        for (int i = 0; i < 7; i++) {
            tr[i] = tableRows(i);
        }
        System.out.println("table " + tr[0] + " " + tr[1] + " " + tr[2] + " " + tr[6]);
        int[] bad = new int[6];
        for (int i = 0; i < 6; i++) {
            bad[i] = outside(c, i);
        }
        System.out.println("unreachable " + bad[0]);
    }
}
