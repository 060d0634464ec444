// Java twin of device_adapt_groups.somd.
final class Cell {
    final int lo;
    final int hi;

    Cell(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static int square(int x, int k) {
        return x * x + k;
    }

    static int wrap(int x, int k) {
        return x * 1000003 + k;
    }

    static Cell cell(int x, int y) {
        return new Cell(x - y, x + y);
    }

    static long spread(Cell c, int k) {
        return (long) (c.hi - c.lo) * k + c.lo;
    }

    static int twice(int x) {
        return 2 * x - 3;
    }

    static long scaled(int x, long k) {
        return x * k + 7;
    }

    public static void main(String[] args) {
        int n = 3000;
        int rounds = 12;
        int[] a0 = new int[n];
        int[] b0 = new int[n];
        for (int i = 0; i < n; i++) {
            a0[i] = (i * 37) % 1009 - 500;
            b0[i] = (i * 11) % 211;
        }
        int[] xs = a0.clone();
        int[] ys = b0.clone();
        long check = 0;
        for (int r = 0; r < rounds; r++) {
            int sq = 0;
            for (int i = 0; i < n; i++) {
                sq += square(xs[i], r);
            }
            int lo = Integer.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                lo = Math.min(lo, wrap(xs[i], r));
            }
            int hi = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                hi = Math.max(hi, wrap(xs[i], r));
            }
            int k = r + 1;
            long shift = (long) r - 5;
            Cell[] cells = new Cell[n];
            for (int i = 0; i < n; i++) {
                cells[i] = cell(xs[i], ys[i]);
            }
            long[] spreads = new long[n];
            for (int i = 0; i < n; i++) {
                spreads[i] = spread(cells[i], k);
            }
            int[] twiced = new int[n];
            for (int i = 0; i < n; i++) {
                twiced[i] = twice(ys[i]);
            }
            long[] chained = new long[n];
            for (int i = 0; i < n; i++) {
                chained[i] = scaled(twiced[i], shift);
            }
            long round = (long) sq * 31 + lo + (long) hi * 7;
            for (int i = 0; i < n; i += 97) {
                round += spreads[i] * (i % 13) + chained[i];
            }
            System.out.println("round " + r + " " + sq + " " + lo + " " + hi + " " + round);
            check = check * 1000003 + round;
        }
        System.out.println("check " + check);
    }
}
