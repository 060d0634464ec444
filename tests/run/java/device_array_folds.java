// Java twin of device_array_folds.somd: each `@` is a loop, Somd.range(n) the indices
// 0..n-1, a task graph a loop from the source until it throws Underflow. `op !` folds from
// the operator's identity, `byte`, `short` and `char` elements widened to `int`; `+` and `*`
// over `float` and `double` combine in the implementation's order (blocks of 1024 folded
// from the identity, then a pairwise tree over the block results, split at
// ceil(len / 2)); `C.m !` is a left fold from the first element and throws for an empty
// array.
class Main {
    static final int[] WEIGHTS = {3, 1, 4, 1, 5, 9, 2, 6};

    static int next = 0;
    static int width = 0;
    static boolean ragged = false;
    static long fold = 0;
    static int seen = 0;

    static int sum(int[] r) {
        int s = 0;
        for (int x : r) s += x;
        return s;
    }

    static long rowSum(int[] r) {
        return sum(r);
    }

    static long longMix(long[] r) {
        long p = 1;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long x : r) {
            p *= x;
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        return p ^ lo ^ (hi << 7);
    }

    static int larger(int a, int b) {
        return a > b ? a : b;
    }

    static int rowBest(int[] r) {
        if (r.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int acc = r[0];
        for (int k = 1; k < r.length; k++) acc = larger(acc, r[k]);
        return acc;
    }

    static double tree(double[] parts, int lo, int hi) {
        if (hi - lo == 1) return parts[lo];
        int mid = lo + (hi - lo + 1) / 2;
        return tree(parts, lo, mid) + tree(parts, mid, hi);
    }

    static double dsum(double[] r) {
        if (r.length == 0) return 0.0;
        int blocks = (r.length + 1023) / 1024;
        double[] parts = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            double acc = 0.0;
            for (int k = b * 1024; k < Math.min(r.length, b * 1024 + 1024); k++) acc += r[k];
            parts[b] = acc;
        }
        return tree(parts, 0, blocks);
    }

    static float fprod(float[] r) {
        // Fewer than 1024 elements: one block.
        float p = 1.0f;
        float lo = Float.POSITIVE_INFINITY;
        for (float x : r) {
            p *= x;
            lo = Math.min(lo, x);
        }
        return p + lo;
    }

    static int narrow(byte[] b, short[] s, char[] c) {
        int bs = 0;
        int bx = 0;
        int smin = Integer.MAX_VALUE;
        int sor = 0;
        int cmax = Integer.MIN_VALUE;
        int cs = 0;
        for (byte x : b) {
            bs += x;
            bx ^= x;
        }
        for (short x : s) {
            smin = Math.min(smin, x);
            sor |= x;
        }
        for (char x : c) {
            cmax = Math.max(cmax, x);
            cs += x;
        }
        return bs * 7 + smin * 3 + cmax + bx + sor + cs;
    }

    static int flags(boolean[] f) {
        boolean all = true;
        boolean any = false;
        boolean odd = false;
        for (boolean x : f) {
            all = all && x;
            any = any || x;
            odd = odd ^ x;
        }
        int k = all ? 1 : 0;
        k = k * 2 + (any ? 1 : 0);
        return k * 2 + (odd ? 1 : 0);
    }

    static long weighted(int i, int[][] m) {
        int hi = Integer.MIN_VALUE;
        for (int x : WEIGHTS) hi = Math.max(hi, x);
        return sum(m[i]) * sum(WEIGHTS) + hi;
    }

    static float fmax(float a, float b) {
        return Math.max(a, b);
    }

    static float vec(float[] v) {
        float s = 0.0f;
        for (float x : v) s += x;
        float m = v[0];
        for (int k = 1; k < v.length; k++) m = fmax(m, v[k]);
        return s * 2 + m;
    }

    static long scale(int x, long k) {
        return x * k;
    }

    static double half(double i) {
        return i / 2;
    }

    static long widenedFold(byte[] b, int k) {
        long s = 0;
        double hi = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < b.length; j++) {
            s += scale(b[j], k);
            hi = Math.max(hi, half(j));
        }
        return s + (long) hi;
    }

    static int total(int[] a) {
        int[] b = a;
        return sum(b);
    }

    static long rowTotals(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            s += total(m[i]) * (long) m[i][0];
        }
        return s;
    }

    static int[] chunks() {
        if (next >= 40) {
            throw new Underflow();
        }
        int n = ragged ? next % 5 : width;
        int[] c = new int[n];
        for (int k = 0; k < n; k++) {
            c[k] = next * 1000003 + k * 7919 - 123456;
        }
        next++;
        return c;
    }

    static double[] samples() {
        if (next >= 6) {
            throw new Underflow();
        }
        double[] c = new double[2500];
        for (int k = 0; k < c.length; k++) {
            c[k] = 1.0 / (next * 2500 + k + 1);
        }
        next++;
        return c;
    }

    static long chunkSum(int[] chunk) {
        return sum(chunk);
    }

    static long spread(long x) {
        return x * 31 + (x >>> 3);
    }

    static double mean(double[] c) {
        return dsum(c) / c.length;
    }

    static void collect(long x) {
        seen++;
        fold = fold * 1000003 + x;
    }

    static void collectDouble(double x) {
        seen++;
        System.out.println("  mean " + x);
    }

    static void graph(int w, boolean r) {
        next = 0;
        width = w;
        ragged = r;
        fold = 0;
        seen = 0;
        try {
            while (true) collect(chunkSum(chunks()));
        } catch (Underflow end) {
        }
        System.out.println("chunks of " + (r ? "lengths 0..4" : "length " + w) + ": " + seen + " items, fold " + fold);
        next = 0;
        fold = 0;
        seen = 0;
        try {
            while (true) collect(spread(chunkSum(chunks())));
        } catch (Underflow end) {
        }
        System.out.println("  then spread: " + seen + " items, fold " + fold);
    }

    public static void main(String[] args) {
        int rows = 37;
        int[][] m = new int[rows][11];
        long[][] lm = new long[rows][5];
        double[][] dm = new double[3][3000];
        float[][] fm = new float[rows][9];
        byte[][] bm = new byte[rows][13];
        short[][] sm = new short[rows][13];
        char[][] cm = new char[rows][13];
        boolean[][] zm = new boolean[rows][3];
        float[][] vm = new float[rows][4];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 11; j++) {
                m[i][j] = i * 1000000007 + j * 48271 - 99991;
            }
            for (int j = 0; j < 5; j++) {
                lm[i][j] = (long) i * 6364136223846793005L + j * 1442695040888963407L;
            }
            for (int j = 0; j < 9; j++) {
                fm[i][j] = 1.0f + (i * 9 + j) / 64.0f;
            }
            for (int j = 0; j < 13; j++) {
                bm[i][j] = (byte) (i * 37 + j * 101);
                sm[i][j] = (short) (i * 4099 - j * 7001);
                cm[i][j] = (char) (60000 + i * j * 13);
            }
            for (int j = 0; j < 3; j++) {
                zm[i][j] = (i >> j) % 3 != 0;
            }
            for (int j = 0; j < 4; j++) {
                vm[i][j] = (i - j * 5) / 3.0f;
            }
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3000; j++) {
                dm[i][j] = 1.0 / (i * 3000 + j + 1) + 1e-3 * j;
            }
        }
        long[] s = new long[rows];
        int[] best = new int[rows];
        long[] lx = new long[rows];
        float[] fp = new float[rows];
        int[] nw = new int[rows];
        int[] fl = new int[rows];
        long[] wt = new long[rows];
        float[] vc = new float[rows];
        for (int i = 0; i < rows; i++) {
            s[i] = rowSum(m[i]);
            best[i] = rowBest(m[i]);
            lx[i] = longMix(lm[i]);
            fp[i] = fprod(fm[i]);
            nw[i] = narrow(bm[i], sm[i], cm[i]);
            fl[i] = flags(zm[i]);
            wt[i] = weighted(i, m);
            vc[i] = vec(vm[i]);
        }
        double[] ds = new double[3];
        for (int i = 0; i < 3; i++) {
            ds[i] = dsum(dm[i]);
        }
        for (int i = 0; i < rows; i += 6) {
            System.out.println(i + ": " + s[i] + " " + best[i] + " " + lx[i] + " " + fp[i] + " " + nw[i] + " " + fl[i] + " " + wt[i] + " " + vc[i] + " " + widenedFold(bm[i], i));
        }
        System.out.println("dsum " + ds[0] + " " + ds[1] + " " + ds[2]);
        int[][] tiny = new int[rows][300];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 300; j++) {
                tiny[i][j] = (i * j + 7) % 251;
            }
        }
        System.out.println("tiny " + rowSum(tiny[0]) + " " + rowSum(tiny[17]) + " " + rowSum(tiny[36]));
        System.out.println("rowTotals " + rowTotals(m));

        graph(4, false);
        graph(9, false);
        graph(0, true);
        next = 0;
        seen = 0;
        try {
            while (true) collectDouble(mean(samples()));
        } catch (Underflow end) {
        }

        int[][] e = new int[4][3];
        e[2] = new int[0];
        e[3] = new int[0];
        int[] none = new int[4];
        for (int i = 0; i < 4; i++) {
            none[i] = rowBest(e[i]);
        }
        System.out.println("unreachable " + none[0]);
    }
}

class Underflow extends RuntimeException {
}
