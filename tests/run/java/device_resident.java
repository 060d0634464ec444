// Java twin of device_resident.somd: every `@` is a loop, every `+ !` a sum in index order
// (integer sums: the order does not change the result).
class Pair {
    final int lo;
    final int hi;

    Pair(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static int twice(int x) {
        return 2 * x + 1;
    }

    static long weigh(int x, int k) {
        return (long) x * k;
    }

    static Pair split(int x) {
        return new Pair(x % 7, x / 7);
    }

    static int low(Pair p) {
        return p.lo;
    }

    static int high(Pair p, int k) {
        return p.hi * k;
    }

    static int shifted(int x, int k) {
        return x + k;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] base = new int[n];
        for (int i = 0; i < n; i++) {
            base[i] = (i * 53) % 997 - 400;
        }
        int[] xs = base.clone();
        int[] ys = new int[n];
        for (int i = 0; i < n; i++) {
            ys[i] = twice(xs[i]);
        }
        long total = 0;
        for (int k = 1; k <= 3; k++) {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += weigh(ys[i], k);
            }
            total += s;
        }
        System.out.println(ys[0] + " " + ys[n - 1] + " " + total);
        Pair[] pairs = new Pair[n];
        for (int i = 0; i < n; i++) {
            pairs[i] = split(ys[i]);
        }
        int lows = 0;
        int highs = 0;
        for (int i = 0; i < n; i++) {
            lows += low(pairs[i]);
            highs += high(pairs[i], 3);
        }
        System.out.println(pairs[5].lo + " " + pairs[5].hi + " " + lows + " " + highs);
        long last = 0;
        for (int k = 0; k < 4; k++) {
            int[] moved = new int[n];
            for (int i = 0; i < n; i++) {
                moved[i] = shifted(xs[i], k);
            }
            last += moved[n - 1];
        }
        System.out.println(last);
    }
}
