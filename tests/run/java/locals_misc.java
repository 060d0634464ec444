// var and final locals, static initialisation, widening in calls and returns, the clock.
class Main {
    static int counter = init();
    static final long BIG = 1L << 40;
    static final int SMALL = (int) BIG + 3;
    static double ratio = counter / 2.0;

    static int init() {
        return 41;
    }

    static long widen(long x) {
        return x + 1;
    }

    static float widen(float x) {
        return x * 2;
    }

    static double asDouble(int x) {
        return x;
    }

    static long pick(int x) {
        return x;
    }

    public static void main(String[] args) {
        var n = 10;
        var total = 0L;
        final int step = 3;
        for (var i = 0; i < n; i += step) {
            total += i;
        }
        System.out.println(n + " " + total);
        var d = 1.5;
        var f = 2.5f;
        var c = 'x';
        var b = true;
        System.out.println(d + " " + f + " " + c + " " + b);
        System.out.println(counter + " " + BIG + " " + SMALL + " " + ratio);
        byte small = 7;
        short mid = 8;
        char ch = 'A';
        System.out.println(widen(small) + " " + widen(mid) + " " + widen(ch) + " " + widen(5) + " " + widen(5L) + " " + widen(5f));
        System.out.println(asDouble(Integer.MAX_VALUE) + " " + pick(-1));
        long big = 123456789012345678L;
        float fl = big;
        double db = big;
        System.out.println(fl + " " + db);
        // `final var` with a constant initializer is a constant variable: it narrows.
        final var k = 5;
        final var kch = 'A' + 1;
        byte kb = k;
        char kc = kch;
        System.out.println(kb + " " + kc);
        int[] a = {1, 2, 3};
        final int[] alias = a;
        alias[0] = 10;
        System.out.println(a[0]);
        long t1 = System.nanoTime();
        long m1 = System.currentTimeMillis();
        long sink = 0;
        for (int i = 0; i < 100000; i++) {
            sink += i ^ (sink >>> 3);
        }
        long t2 = System.nanoTime();
        long m2 = System.currentTimeMillis();
        System.out.println((t2 >= t1) + " " + (m2 >= m1) + " " + (m1 > 1600000000000L) + " " + (sink != 0));
    }
}
