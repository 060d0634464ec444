// Java twin of device_range_index.somd: every `@` is a loop, Somd.range(n) is the array
// 0..n-1 (empty for n <= 0), a `@` with mapped arguments of different lengths throws.
class Main {
    static int square(int i) {
        return i * i - 3 * i;
    }

    static int masked(int i, int[] table) {
        return table[i % table.length] ^ i;
    }

    static long weight(int i, int x) {
        return (long) x * (i + 1);
    }

    static double wave(int i, double step) {
        return (i % 1000) * step - (i % 7) * 0.25;
    }

    static double half(double v) {
        return v / 2;
    }

    static int last(int a, int b) {
        return b;
    }

    static int plus(int p, int y) {
        return p + y;
    }

    static int[] squares(int n) {
        int[] r = new int[Math.max(n, 0)];
        for (int i = 0; i < r.length; i++) {
            r[i] = square(i);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 30000;
        int[] t = new int[37];
        for (int k = 0; k < t.length; k++) {
            t[k] = k * 7919 % 101;
        }
        int[] table = t.clone();
        int[] raw = new int[n];
        for (int i = 0; i < n; i++) {
            raw[i] = (i * 31) % 1009 - 500;
        }
        int[] xs = raw.clone();

        int[] sq = squares(n);
        System.out.println(sq[0] + " " + sq[7] + " " + sq[n - 1] + " " + sq.length);

        int[] m = new int[n];
        int msum = 0;
        for (int i = 0; i < n; i++) {
            m[i] = masked(i, table);
            msum += m[i];
        }
        System.out.println(m[5] + " " + m[n - 1] + " " + msum);

        long s = 0;
        for (int i = 0; i < n; i++) {
            s += weight(i, xs[i]);
        }
        System.out.println(s);

        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double v = half(wave(i, 0.001));
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        System.out.println(lo + " " + hi + " " + wave(n / 3, 0.001));

        int[] p = squares(n);
        int[] q = new int[n];
        for (int i = 0; i < n; i++) {
            q[i] = plus(p[i], xs[i]);
        }
        System.out.println(q[0] + " " + q[n - 1] + " " + q[12345]);

        System.out.println(squares(0).length + " " + squares(-4).length);

        int total = 0;
        for (int i = 0; i < 100000; i++) {
            total += i;
        }
        int top = Integer.MIN_VALUE;
        int low = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            top = Math.max(top, i);
            low = Math.min(low, i);
        }
        int bits = 0;
        for (int i = 0; i < n + 3; i++) {
            bits ^= i;
        }
        int nothing = 0;
        System.out.println(total + " " + top + " " + low + " " + bits + " " + nothing);
        int folded = 0;
        for (int i = 1; i < n + 11; i++) {
            folded = last(folded, i);
        }
        int summed = 0;
        for (int i = 1; i < n + 7; i++) {
            summed = plus(summed, i);
        }
        System.out.println(folded + " " + summed);

        throw new IllegalArgumentException(
            "mapped arguments of @ have different lengths: " + (n + 1) + " and " + n);
    }
}
