// args: 300 3
// Inner loops that reduce into a local of the parallel loop's iteration (row sums, row
// extrema, counts, bitwise and product folds), run on a device in the lanes form with
// each row's columns shared by a work-group whose lanes combine their values in local
// memory: integer folds and Java's `Math.min`/`Math.max` give the same value in any
// grouping; a conditional maximum of `double`s keeps the iteration that set it, so the
// lanes keep the first of `-0.0` and `0.0`. A floating-point row sum keeps the
// one-work-item form (another order would round differently). The loops take 3 to 300
// columns of each row, fewer than a group's lanes in some rows.
class Main {
    // A start that is no identity, a sum of products, a second statement after the loop.
    static long[] rowSums(long[][] m, long base) {
        int o = 0;
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long s = base * (o + i);
            long[] r = m[i];
            for (int j = 0; j < r.length - (o + i) * 37 % 298; j++) {
                s += r[j] * (j + 1);
            }
            out[i] = s;
            if (s % 7 == 3) out[i] = -s;
        }
        return out;
    }

    // Three accumulators: a conditional maximum, `Math.min`, a count under a condition.
    static int[] spread(int[][] m) {
        int o = 0;
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int mx = Integer.MIN_VALUE;
            int mn = Integer.MAX_VALUE;
            int c = 0;
            for (int j = (o + i) * 37 % 298; j < m[i].length; j++) {
                int v = m[i][j];
                if (v > mx) mx = v;
                mn = Math.min(mn, v);
                if ((v & 3) == 1) c++;
            }
            out[i] = (mx - mn) * 1000 + c;
        }
        return out;
    }

    // Bitwise folds and a wrapping product; `s -= ..` adds.
    static long[] hashes(int[][] m) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            int x = 0;
            int a = -1;
            long p = 1;
            long d = 0;
            for (int j = 0; j < m[i].length; j++) {
                x ^= m[i][j] * 31 + j;
                a &= m[i][j] | (1 << (j & 15));
                p *= m[i][j] | 1;
                d -= m[i][j];
            }
            out[i] = x * 1000003L + a + p + d;
        }
        return out;
    }

    // Java's `Math.max` of `double`s: NaN wins and `0.0` is above `-0.0`, in any order.
    static double[] peaks(double[][] m) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < m[i].length; j++) {
                best = Math.max(best, m[i][j] * 0.5);
            }
            out[i] = best;
        }
        return out;
    }

    // A conditional maximum of `double`s: Java keeps the first of `-0.0` and `0.0` (row 7's
    // is `-0.0`, where `Math.max` gives `0.0`), as the lanes do by keeping each one's
    // column.
    static double[] firsts(double[][] m) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < m[i].length; j++) {
                if (m[i][j] > best) best = m[i][j];
            }
            out[i] = best;
        }
        return out;
    }

    // A floating-point sum: Java's order, in one work-item.
    static double[] means(double[][] m) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            double s = 0;
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
            }
            out[i] = s / m[i].length;
        }
        return out;
    }

    // The inner loop writes its row and sums it; after it, the row's first cell is read
    // (written by another lane).
    static int[][] bump(int[][] m, int k) {
        for (int i = 0; i < m.length; i++) {
            int[] r = m[i];
            int s = 0;
            for (int j = 0; j < r.length; j++) {
                r[j] = r[j] * 3 + k;
                s += r[j];
            }
            r[0] = s + r[0];
        }
        return m;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[][] lm = new long[n][];
        int[][] im = new int[n][];
        double[][] dm = new double[n][];
        for (int i = 0; i < n; i++) {
            int w = 300;
            lm[i] = new long[w];
            im[i] = new int[w];
            dm[i] = new double[w];
            for (int j = 0; j < w; j++) {
                lm[i][j] = (i * 7919L + j * 104729L) % 1000003 - 400000 + (long) j * 3000000000L;
                im[i][j] = (i * 31 + j * 1103515245) ^ (j << 7);
                dm[i][j] = ((i * 13 + j * 7) % 101 - 50) * 0.37;
            }
        }
        dm[4][2] = Double.NaN;
        for (int j = 0; j < dm[6].length; j++) dm[6][j] = -0.0;
        for (int j = 0; j < dm[7].length; j++) dm[7][j] = -0.0;
        dm[7][150] = 0.0;
        for (int j = 0; j < dm[8].length; j++) dm[8][j] = -1.0 / 0.0;
        long check = 0;
        for (int r = 0; r < rounds; r++) {
            long[] s = rowSums(lm, r + 11);
            int[] sp = spread(im);
            long[] h = hashes(im);
            im = bump(im, r);
            for (int i = 0; i < n; i++) {
                check = check * 31 + s[i] + sp[i] * 7L + h[i];
            }
        }
        double[] pk = peaks(dm);
        double[] mu = means(dm);
        double[] fi = firsts(dm);
        System.out.println(check);
        System.out.println(pk[0] + " " + pk[4] + " " + pk[5] + " " + pk[6] + " " + pk[7] + " " + pk[8] + " " + pk[n - 1]);
        System.out.println(mu[0] + " " + mu[3] + " " + mu[n - 1]);
        System.out.println(1.0 / pk[6] + " " + 1.0 / pk[7] + " " + 1.0 / fi[6] + " " + 1.0 / fi[7] + " " + fi[4] + " " + fi[0]);
        System.out.println(im[0][0] + " " + im[n - 1][1] + " " + im[5][im[5].length - 1]);
    }
}
