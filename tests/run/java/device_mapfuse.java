// Java twin of device_mapfuse.somd: each `@` is a loop over the elements, value arrays are
// arrays, the value class is a final class.
final class Cell {
    final int lo;
    final int hi;

    Cell(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static Cell cell(int x, int y) {
        return new Cell(x - y, x + y);
    }

    static long spread(Cell c, int k) {
        return (long) (c.hi - c.lo) * k + c.lo;
    }

    static int square(int x) {
        return x * x + 1;
    }

    static int blend(int a, int s, int[] weights) {
        int total = 0;
        for (int j = 0; j < weights.length; j++) {
            total += weights[j] * (a ^ s) + j;
        }
        return total;
    }

    static int plus(int a, int b) {
        return a + b;
    }

    static void sameLength(int a, int b) {
        if (a != b) {
            throw new IllegalArgumentException("mapped arrays have different lengths");
        }
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] a0 = new int[n];
        int[] b0 = new int[n];
        for (int i = 0; i < n; i++) {
            a0[i] = (i * 37) % 1009 - 500;
            b0[i] = (i * 11) % 211;
        }
        int[] xs = a0.clone();
        int[] ys = b0.clone();
        int[] weights = new int[]{3, -1, 4, 1, -5};

        sameLength(xs.length, ys.length);
        Cell[] cells = new Cell[xs.length];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cell(xs[i], ys[i]);
        }
        long[] spreads = new long[cells.length];
        for (int i = 0; i < spreads.length; i++) {
            spreads[i] = spread(cells[i], 7);
        }

        int[] squares = new int[xs.length];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = square(xs[i]);
        }
        sameLength(ys.length, squares.length);
        int[] blended = new int[ys.length];
        for (int i = 0; i < blended.length; i++) {
            blended[i] = blend(ys[i], squares[i], weights);
        }

        int[] again = new int[ys.length];
        for (int i = 0; i < again.length; i++) {
            again[i] = square(ys[i]);
        }
        sameLength(again.length, xs.length);
        int[] twice = new int[again.length];
        for (int i = 0; i < twice.length; i++) {
            twice[i] = plus(again[i], xs[i]);
        }
        int first = again[0];

        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        for (int i = 0; i < n; i++) {
            s1 += spreads[i] * (i % 13);
            s2 += (long) blended[i] * (i % 17);
            s3 += (long) twice[i] * (i % 19);
        }
        System.out.println("spreads " + spreads.length + " " + s1 + " " + spreads[n - 1]);
        System.out.println("blended " + blended.length + " " + s2 + " " + blended[0]);
        System.out.println("twice " + twice.length + " " + s3 + " " + first);
    }
}
