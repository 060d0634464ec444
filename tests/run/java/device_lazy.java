// Java twin of device_lazy.somd: `@` is a loop, value classes are final classes, value
// arrays are arrays compared element by element.
final class Cell {
    final int lo;
    final long hi;
    final boolean odd;

    Cell(int lo, long hi, boolean odd) {
        this.lo = lo;
        this.hi = hi;
        this.odd = odd;
    }
}

class Main {
    static int mix(int x) {
        return x * 31 + 7;
    }

    static long widen(int x, int k) {
        return (long) x * k - 3;
    }

    static Cell cell(int x) {
        return new Cell(x % 11, (long) x * x, (x & 1) == 1);
    }

    static int lowOf(Cell c) {
        return c.lo;
    }

    static boolean odd(int x) {
        return (x & 1) == 1;
    }

    static double half(int x) {
        return x * 0.5;
    }

    static int step(int x, int k) {
        return (x ^ k) + 1;
    }

    static int pickAt(int i, int[] t) {
        return t[i * 7] + 1;
    }

    static byte low(int x) {
        return (byte) x;
    }

    static int up(byte b) {
        return b * 3;
    }

    static int sumFirst(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    static int[] mapMix(int[] xs) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = mix(xs[i]);
        return r;
    }

    static int[] mapStep(int[] xs, int k) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = step(xs[i], k);
        return r;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        int[] base = new int[n];
        for (int i = 0; i < n; i++) {
            base[i] = (i * 7919) % 100003 - 50000;
        }
        int[] xs = base.clone();

        int[] ys = mapMix(xs);
        System.out.println(ys[0] + " " + ys[n / 2] + " " + ys[0] + " " + ys[n - 1] + " " + ys.length);

        long[] ws = new long[n];
        for (int i = 0; i < n; i++) ws[i] = widen(xs[i], 3);
        long firsts = ws[0] + ws[1] + ws[2] + ws[3] + ws[4] + ws[5] + ws[6] + ws[7] + ws[8]
            + ws[9] + ws[10] + ws[11] + ws[12] + ws[13] + ws[14] + ws[15] + ws[16];
        System.out.println(firsts + " " + ws[n - 1] + " " + ws[3]);

        Cell[] cells = new Cell[n];
        for (int i = 0; i < n; i++) cells[i] = cell(xs[i]);
        int lows = 0;
        for (int i = 0; i < n; i++) lows += lowOf(cells[i]);
        System.out.println(cells[3].lo + " " + cells[3].hi + " " + cells[n - 1].odd + " " + lows);

        boolean[] odds = new boolean[n];
        for (int i = 0; i < n; i++) odds[i] = odd(xs[i]);
        double[] halves = new double[n];
        for (int i = 0; i < n; i++) halves[i] = half(xs[i]);
        System.out.println(odds[1] + " " + odds[2] + " " + halves[n - 2]);

        int[] cur = mapStep(xs, 0);
        for (int k = 1; k <= 4; k++) {
            cur = mapStep(cur, k);
        }
        int total = 0;
        for (int i = 0; i < n; i++) total += cur[i];
        System.out.println(cur[7] + " " + total);

        int[] later;
        later = mapMix(xs);
        int sum = 0;
        for (int i = 0; i < n; i++) sum += later[i];
        int[] alias = later;
        System.out.println(sumFirst(later, 10) + " " + java.util.Arrays.equals(later, alias) + " " + later[5] + " " + sum);

        int[] picked = new int[5];
        for (int i = 0; i < 5; i++) picked[i] = pickAt(i, ys);
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) bytes[i] = low(xs[i]);
        int[] back = new int[n];
        for (int i = 0; i < n; i++) back[i] = up(bytes[i]);
        int byteSum = 0;
        for (int i = 0; i < n; i++) byteSum += bytes[i];
        System.out.println(picked[4] + " " + byteSum + " " + bytes[7] + " " + back[9]);
    }
}
