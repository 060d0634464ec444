// Java twin of device_offset_tests.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    // Pairs out of order: (a[0], a[1]), (a[2], a[3]), ..; an odd last element has no pair.
    static int inversions(int[] a) {
        int c = 0;
        for (int i = 0; i + 1 < a.length; i++) {
            if (i % 2 == 0 && a[i] > a[i + 1]) {
                c++;
            }
        }
        return c;
    }

    // The larger of each pair, at the pair's first cell.
    static int[] pairMax(int[] a) {
        int[] b = new int[a.length];
        for (int i = 0; a.length > 1 + i; i++) {
            if (i % 2 == 0) {
                b[i] = Math.max(a[i], a[i + 1]);
            }
        }
        return b;
    }

    // Each pair swapped, stepping by 2 to the last whole pair (`i + 1 < a.length`).
    static int[] pairSwap(int[] a) {
        for (int i = 0; i + 1 < a.length; i += 2) {
            int t = a[i];
            a[i] = a[i + 1];
            a[i + 1] = t;
        }
        return a;
    }

    // Differences of neighbours along each row.
    static int[][] rowDiffs(int[][] m, int w) {
        int[][] d = new int[m.length][w];
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j + 1 < m[r].length; j++) {
                d[r][j] = m[r][j + 1] - m[r][j];
            }
        }
        return d;
    }

    // Sums of three neighbours along each row, `j + 3 <= w`.
    static long[][] triples(int[][] m, int w) {
        long[][] t = new long[m.length][w];
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j + 3 <= w; j++) {
                t[r][j] = (long) m[r][j] + m[r][j + 1] + m[r][j + 2];
            }
        }
        return t;
    }

    // A `while` loop counting `j`, two cells short of each row's end.
    static double[][] scaled(double[][] x) {
        double[][] y = new double[x.length][x[0].length];
        for (int r = 0; r < x.length; r++) {
            int j = 0;
            while (j + 2 < x[r].length) {
                y[r][j] = x[r][j] * 1.5 + x[r][j + 2];
                j++;
            }
        }
        return y;
    }

    // `n + 1` wraps for `n` = `Integer.MAX_VALUE`: Java's test `j + 1 < n + 1` then never
    // holds. The host finds no size for that call, so the CPU path runs it (no iteration).
    static int[][] wrapped(int[][] m, int n) {
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j + 1 < n + 1; j++) {
                m[r][j] = m[r][j] + 1;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int n = 1001;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i * 37 % 101;
        System.out.println(inversions(a));
        int[] b = pairMax(a);
        System.out.println(b[0] + " " + b[2] + " " + b[998] + " " + b[999] + " " + b[n - 1]);
        int[] sw = pairSwap(a);
        System.out.println(sw[0] + " " + sw[1] + " " + sw[998] + " " + sw[999] + " " + sw[n - 1]);
        int w = 7;
        int[][] m = new int[40][w];
        for (int r = 0; r < 40; r++) {
            for (int c = 0; c < w; c++) m[r][c] = (r * 11 + c * c * 5) % 23;
        }
        int[][] d = rowDiffs(m, w);
        System.out.println(d[0][0] + " " + d[17][3] + " " + d[39][5] + " " + d[39][6]);
        long[][] t = triples(m, w);
        System.out.println(t[0][0] + " " + t[21][4] + " " + t[39][4] + " " + t[39][5]);
        double[][] x = new double[30][9];
        for (int r = 0; r < 30; r++) {
            for (int c = 0; c < 9; c++) x[r][c] = r * 0.5 + c * 0.125;
        }
        double[][] y = scaled(x);
        System.out.println(y[0][0] + " " + y[10][3] + " " + y[29][6] + " " + y[29][7]);
        int[][] g = new int[20][4];
        g = wrapped(g, 3);
        g = wrapped(g, 2147483647);
        System.out.println(g[0][0] + " " + g[19][2] + " " + g[19][3]);
    }
}
