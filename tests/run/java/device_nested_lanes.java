// Java twin of device_nested_lanes.somd: each `@` is a loop; `+ !` over floats combines in
// the implementation's order (blocks of 1024 folded from 0, then a pairwise tree over the
// block results, split at ceil(len / 2)); the other reductions are left folds.
class Main {

    static int term(int k) {
        return k * 0x9E3779B1 + 7;
    }

    static int intSum(int n) {
        int s = 0;
        for (int k = 0; k < n; k++) s += term(k);
        return s;
    }

    static long mat(int k) {
        return ((long) (k % 7 + 1) << 48) | (1L << 32) | (1L << 16);
    }

    static long mul(long x, long y) {
        long a = (x >>> 48) & 0xffffL;
        long b = (x >>> 32) & 0xffffL;
        long c = (x >>> 16) & 0xffffL;
        long d = x & 0xffffL;
        long e = (y >>> 48) & 0xffffL;
        long f = (y >>> 32) & 0xffffL;
        long g = (y >>> 16) & 0xffffL;
        long h = y & 0xffffL;
        return (((a * e + b * g) & 0xffffL) << 48) | (((a * f + b * h) & 0xffffL) << 32)
            | (((c * e + d * g) & 0xffffL) << 16) | ((c * f + d * h) & 0xffffL);
    }

    static long product(int n) {
        if (n == 0) throw new IllegalArgumentException("reduction of an empty array with a method");
        long acc = mat(0);
        for (int k = 1; k < n; k++) acc = mul(acc, mat(k));
        return acc;
    }

    static long distance(int k, int base) {
        return ((long) Math.abs((k * 37) % 1001 - base) << 32) | k;
    }

    static long closest(int target, int n) {
        int base = target * 3 % 1001;
        long best = Long.MAX_VALUE;
        for (int k = 0; k < n; k++) best = Math.min(best, distance(k, base));
        return (best >>> 32) * 100000 + (best & 0xffffffffL) + target;
    }

    static int twice(int n) {
        int whole = intSum(n);
        int half = intSum(n / 2);
        return whole - half;
    }

    static int shifted(int k, int r) {
        return (k + r) * (k - r);
    }

    static int looped(int n) {
        int s = 0;
        for (int r = 0; r < 3; r++) {
            int t = 0;
            for (int k = 0; k < n; k++) t += shifted(k, r);
            s = s * 31 + t;
        }
        return s;
    }

    static float recip(int k) {
        return 1.0f / (k + 1);
    }

    static float tree(float[] parts, int lo, int hi) {
        if (hi - lo == 1) return parts[lo];
        int mid = lo + (hi - lo + 1) / 2;
        return tree(parts, lo, mid) + tree(parts, mid, hi);
    }

    static float floatSum(int n) {
        if (n == 0) return 0.0f;
        int blocks = (n + 1023) / 1024;
        float[] parts = new float[blocks];
        for (int b = 0; b < blocks; b++) {
            float acc = 0.0f;
            for (int k = b * 1024; k < Math.min(n, b * 1024 + 1024); k++) acc += recip(k);
            parts[b] = acc;
        }
        return tree(parts, 0, blocks);
    }

    static int plusOne(int n) {
        return n + 1;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, 5000};
        for (int i = 0; i < lengths.length; i++) {
            int n = lengths[i];
            int[] pair = {n, n + 1};
            String line = "n=" + n + " sum " + intSum(pair[0]) + " " + intSum(pair[1]);
            if (n > 0) {
                line = line + " product " + product(pair[0]) + " " + product(pair[1]);
            }
            line = line + " closest " + closest(pair[0], n) + " " + closest(pair[1], n);
            line = line + " twice " + twice(pair[0]) + " " + twice(pair[1]) + " looped "
                + looped(pair[0]) + " " + looped(pair[1]);
            line = line + " float " + floatSum(pair[0]) + " " + floatSum(pair[1]);
            System.out.println(line);
        }
        System.out.println("big " + floatSum(70000) + " " + floatSum(300000));
        int[] lens = new int[300];
        for (int i = 0; i < lens.length; i++) {
            lens[i] = (i * 13) % 700;
        }
        long check = 0;
        for (int i = 0; i < lens.length; i++) {
            check = check * 31 + intSum(lens[i]);
            check = check * 31 + product(plusOne(lens[i]));
        }
        System.out.println("many " + check);
    }
}
