// Java twin of device_fused_reductions.somd: `@` is a loop, `op !` a fold of its results.
class Pair {
    int lo;
    double hi;

    Pair(int lo, double hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static int square(int x) {
        return x * x;
    }

    static int twice(int x) {
        return 2 * x;
    }

    static int wrap(int x) {
        return x * 1000003;
    }

    static double scaled(double x, double k) {
        return x * k;
    }

    static double shifted(double x, double k) {
        return x + k;
    }

    static Pair split(int x, double k) {
        return new Pair(x % 7, x * k);
    }

    static int loOf(Pair p) {
        return p.lo;
    }

    static double hiOf(Pair p) {
        return p.hi;
    }

    static int pick(int x, int[] table) {
        return table[x];
    }

    static int ratio(int x, int[] table) {
        return 100 / (x + 1 - table.length);
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] a = new int[n];
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 101 - 50;
            xs[i] = (i % 13) * 0.5;
        }
        double k = 0.25;

        int sq = 0;
        for (int x : a) sq += square(x);
        int tw = 0;
        for (int x : a) tw += twice(x);
        System.out.println("sums " + sq + " " + tw);

        int lo = Integer.MAX_VALUE;
        for (int x : a) lo = Math.min(lo, wrap(x));
        int hi = Integer.MIN_VALUE;
        for (int x : a) hi = Math.max(hi, wrap(x));
        int wr = 0;
        for (int x : a) wr += wrap(x);
        System.out.println("wrap " + lo + " " + hi + " " + wr);

        double ds = 0;
        for (double x : xs) ds += scaled(x, k);
        double dh = 0;
        for (double x : xs) dh += shifted(x, k);
        System.out.println("doubles " + ds + " " + dh);

        Pair[] ps = new Pair[n];
        for (int i = 0; i < n; i++) ps[i] = split(a[i], k);
        int los = 0;
        for (Pair p : ps) los += loOf(p);
        double his = Double.NEGATIVE_INFINITY;
        for (Pair p : ps) his = Math.max(his, hiOf(p));
        System.out.println("pairs " + los + " " + his + " " + ps[3].lo + " " + ps[3].hi);

        int before = 0;
        for (int x : a) before += twice(x);
        a = new int[]{1, 2, 3};
        int after = 0;
        for (int x : a) after += twice(x);
        System.out.println("apart " + before + " " + after);

        int[] table = new int[]{10, 20, 30, 40};
        int[] keys = new int[]{0, 1, 3, 2, 3, 9, 3, 1};
        int picked = 0;
        for (int x : keys) picked += pick(x, table);
        int ratios = 0;
        for (int x : keys) ratios += ratio(x, table);
        System.out.println("unreachable " + picked + " " + ratios);
    }
}
