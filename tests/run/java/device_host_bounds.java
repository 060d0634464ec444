// Java twin of device_host_bounds.somd: one MI over the whole arrays.
class Main {
    // Pairwise sums of each row's first `w` columns, halving the live width each round
    // (an odd width carries its last column over): the inner bound `w / 2` reads the
    // host's `w`.
    static long[][] fold(long[][] m, long[][] t, int w) {
        while (w > 1) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < w / 2; j++) t[i][j] = m[i][2 * j] + m[i][2 * j + 1];
                }
            }
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < w / 2; j++) m[i][j] = t[i][j];
                }
            }
            if (w % 2 == 1) {
                {
                    for (int i = 0; i < m.length; i++) m[i][w / 2] = m[i][w - 1];
                }
            }
            w = (w + 1) / 2;
        }
        return m;
    }

    // Prefix sums of each row (Hillis and Steele): round `s` adds the element `s` columns
    // back, from column `s` on; the inner loop starts at the host loop's index.
    static int[][] prefix(int[][] m, int[][] t, int w) {
        for (int s = 1; s < w; s = s * 2) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) t[i][j] = m[i][j] + m[i][j - s];
                }
            }
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) m[i][j] = t[i][j];
                }
            }
        }
        return m;
    }

    // Fades a block of columns that shrinks by 7 each round until it is empty: `live` is
    // a parameter the body counts down, clipped to the row's length.
    static double[][] fade(double[][] g, int live, int rounds) {
        while (rounds > 0) {
            {
                for (int i = 0; i < g.length; i++) {
                    for (int j = 0; j < Math.min(live, g[i].length); j++) {
                        g[i][j] = g[i][j] * 0.5 + rounds;
                    }
                }
            }
            live -= 7;
            rounds--;
        }
        return g;
    }

    // A bound that wraps: `lim * 3` is Java's `int` product (1431655766 * 3 is 2, and
    // 1000000000 * 3 is negative), the same on the host and in the kernel.
    static int[][] wrap(int[][] m, int lim) {
        for (int r = 0; r < 3; r++) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < Math.min(lim * 3, m[i].length); j++) m[i][j] += r + 1;
                }
            }
            lim = lim + 1;
        }
        return m;
    }

    // A bound reading a host scalar whose other bound is a product of parameters: both are
    // Java's `int` values (65536 * 65536 is 0: no iteration; 65537 * 65537 is 131073).
    static int[][] span(int[][] m, int n, int k) {
        for (int s = 0; s < 2; s++) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < Math.min(n * k, m[i].length); j++) m[i][j] += s + 1;
                }
            }
        }
        return m;
    }

    // Kernel sizes with `>>` (the count masked to 5 bits, as Java's) and `%` (negative for
    // a negative dividend: no iteration).
    static long[][] shifts(long[][] m, int k) {
        int w = (m.length > 0 ? m[0].length : 0) >> k;
        long[][] out = new long[m.length][w];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < w; j++) out[i][j] = m[i][j] * 3 + j;
        }
        return out;
    }

    static long mods(int[][] m, int k) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < k % 5; j++) s += (long) m[i][j] * (j + 1);
        }
        return s;
    }

    // The guarded width as a setup local beside bounds reading a host scalar: the kernels
    // are sized at each launch, and the width never fails (a matrix of no rows is 0 wide,
    // and launches no work-item).
    static int[][] scan(int[][] m, int[][] t, int n) {
        int w = m.length > 0 ? m[0].length : 0;
        for (int s = 1; s < n; s = s * 2) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) t[i][j] = m[i][j] + m[i][j - s] * s;
                }
            }
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) m[i][j] = t[i][j];
                }
            }
        }
        return m;
    }

    // Kernel sizes with `<<` and `>>>` of a parameter: Java's shifts, the count masked to 5
    // bits, `1 << 31` negative (no iteration), `>>>` shifting zeros into a negative width.
    static long[][] lanes(long[][] m, int k) {
        int w = m.length > 0 ? m[0].length : 0;
        int live = Math.min(Math.min(1 << k, (w - 40) >>> k), w);
        long[][] out = new long[m.length][w];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < live; j++) out[i][j] = m[i][j] * 5 + j;
        }
        return out;
    }

    // A host loop's index shifting the width of its launches.
    static int[][] doubling(int[][] m, int k) {
        for (int s = 0; s < 6; s++) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < Math.min((1 << s) >>> k, m[i].length); j++) {
                        m[i][j] += s + 1;
                    }
                }
            }
        }
        return m;
    }

    static long sum(long[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) s = s * 31 + m[i][j];
        }
        return s;
    }

    static long sum(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) s = s * 31 + m[i][j];
        }
        return s;
    }

    static double sum(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) s = s * 0.75 + m[i][j];
        }
        return s;
    }

    public static void main(String[] args) {
        int rows = 300;
        long[][] a = new long[rows][37];
        long[][] at = new long[rows][37];
        int[][] p = new int[rows][40];
        int[][] pt = new int[rows][40];
        double[][] g = new double[rows][40];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 37; j++) a[i][j] = (long) (i + 1) * (j * j - 5);
            for (int j = 0; j < 40; j++) {
                p[i][j] = (i * 13 + j * 7) % 23 - 11;
                g[i][j] = (i + j) % 9;
            }
        }
        // Each call gets arrays of its own: Java's callees write their caller's arrays,
        // SOMD methods their own copies (LANGUAGE.md §2.1).
        long[][] b = new long[rows][37];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 37; j++) b[i][j] = a[i][j];
        }
        int[][] q = new int[rows][40];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 40; j++) q[i][j] = p[i][j];
        }
        long[][] folded = fold(a, at, 37);
        System.out.println("fold " + sum(folded) + " " + folded[0][0] + " " + folded[rows - 1][0]);
        int[][] scanned = prefix(p, pt, 40);
        System.out.println("prefix " + sum(scanned) + " " + scanned[7][39]);
        System.out.println("fade " + sum(fade(g, 50, 9)));
        int[] lims = {2, 1431655766, 1000000000, -5};
        for (int n = 0; n < lims.length; n++) {
            int lim = lims[n];
            int[][] z = new int[rows][20];
            System.out.println("wrap " + lim + " " + sum(wrap(z, lim)));
        }
        int[] spans = {65536, 65537, 3};
        for (int n = 0; n < spans.length; n++) {
            int[][] z = new int[rows][20];
            System.out.println("span " + spans[n] + " " + sum(span(z, spans[n], spans[n])));
        }
        int[] counts = {1, 3, 33, -31, 0};
        for (int n = 0; n < counts.length; n++) {
            int k = counts[n];
            System.out.println("shifts " + k + " " + sum(shifts(b, k)));
        }
        int[][] r = new int[rows][40];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 40; j++) r[i][j] = (i * 7 + j * 3) % 19 - 9;
        }
        System.out.println("scan " + sum(scan(r, new int[rows][40], 30)));
        System.out.println("scan of no rows " + scan(new int[0][], new int[0][], 8).length);
        int[] counts2 = {1, 3, 33, -31, 0, 31, 6};
        for (int n = 0; n < counts2.length; n++) {
            int k = counts2[n];
            System.out.println("lanes " + k + " " + sum(lanes(b, k)));
        }
        int[] counts3 = {0, 1, 33, 40};
        for (int n = 0; n < counts3.length; n++) {
            int k = counts3[n];
            int[][] z = new int[rows][20];
            System.out.println("doubling " + k + " " + sum(doubling(z, k)));
        }
        int[] divs = {13, 4, -7, 0};
        for (int n = 0; n < divs.length; n++) {
            int k = divs[n];
            System.out.println("mods " + k + " " + mods(q, k));
        }
    }
}
