// Java twin of device_argext.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (`Somd.offset` is 0,
// `Somd.globalLength(g, 2)` is `g[0].length`) and a `combine` strategy returns the single
// result.
class Main {
    // The largest element and the position of its first occurrence.
    static long[] firstMax(int[] a) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = i;
            }
        }
        return r;
    }

    // The smallest element, the position of its last occurrence (`<=`) and a value
    // computed from both.
    static long[] lastMin(int[] a) {
        long[] r = new long[3];
        r[0] = Long.MAX_VALUE;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (r[0] >= a[i]) {
                r[0] = a[i];
                r[1] = i;
                r[2] = a[i] * 1000L - (i) % 7;
            }
        }
        return r;
    }

    // A floor above every element: nothing beats it, the position stays -1.
    static long[] above(int[] a, int floor) {
        long[] r = new long[2];
        r[0] = floor;
        r[1] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = i;
            }
        }
        return r;
    }

    // A count and an argument minimum in one pass (two accumulators, one with a payload).
    static long[] countMin(long[] a) {
        long[] r = new long[3];
        r[1] = Long.MAX_VALUE;
        r[2] = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                r[0] += 1;
            }
            if (a[i] < r[1]) {
                r[1] = a[i];
                r[2] = i;
            }
        }
        return r;
    }

    // The largest cell of a matrix and its row-major position, first occurrence.
    static long[] cellMax(int[][] g) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        r[1] = -1;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                if (g[i][j] > r[0]) {
                    r[0] = g[i][j];
                    r[1] = i * (long) g[0].length
                        + j;
                }
            }
        }
        return r;
    }

    // The payload's value may fail (`b[..]` past the end): a work-item would evaluate it
    // whenever its own maximum improves, so the loop stays on the CPU.
    static long[] risky(int[] a, int[] b) {
        long[] r = new long[2];
        r[0] = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > r[0]) {
                r[0] = a[i];
                r[1] = b[i + 1];
            }
        }
        return r;
    }

    static String show(long[] r) {
        String s = "";
        for (int k = 0; k < r.length; k++) {
            s = s + (k == 0 ? "" : " ") + r[k];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 7, 64, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            long[] l = new long[n];
            int[] flat = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = (int) ((i * 2654435761L) % 7) - 3;
                l[i] = (i * 40503L) % 1001 - 500;
                flat[i] = Integer.MIN_VALUE;
            }
            if (n > 10) {
                a[n / 3] = 9;
                a[2 * n / 3] = 9;
                a[n / 2] = -9;
                a[n - 2] = -9;
            }
            int rows = n / 50 + 1;
            int cols = n % 13 + 1;
            int[][] g = new int[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    g[i][j] = (i * 7 + j * 5) % 11;
                }
            }
            System.out.println(n + ": firstMax " + show(firstMax(a)) + " flat " + show(firstMax(flat))
                + " lastMin " + show(lastMin(a)) + " flat " + show(lastMin(flat))
                + " above " + show(above(a, 100)) + " countMin " + show(countMin(l))
                + " cellMax " + show(cellMax(g)));
        }
        int[] small = {4, 8, 8, 1};
        System.out.println("risky " + show(risky(small, new int[] {10, 20, 30, 40, 50})));
    }
}

// Of two (value, position) results, the greater value, of equal values the earlier
// position; position -1: no element set it.
class First {
    static long[] combine(long[] x, long[] y) {
        if (y[1] < 0) return x;
        if (x[1] < 0) return y;
        if (y[0] > x[0] || (y[0] == x[0] && y[1] < x[1])) return y;
        return x;
    }
}

// The smaller value, of equal values the later position.
class Last {
    static long[] combine(long[] x, long[] y) {
        if (y[1] < 0) return x;
        if (x[1] < 0) return y;
        if (y[0] < x[0] || (y[0] == x[0] && y[1] > x[1])) return y;
        return x;
    }
}

// Counts add; the smaller value wins, of equal values the earlier position.
class CountMin {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[3];
        r[0] = x[0] + y[0];
        boolean takeY = y[2] >= 0 && (x[2] < 0 || y[1] < x[1] || (y[1] == x[1] && y[2] < x[2]));
        r[1] = takeY ? y[1] : x[1];
        r[2] = takeY ? y[2] : x[2];
        return r;
    }
}
