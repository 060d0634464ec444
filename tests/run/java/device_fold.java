// Java twin of device_fold.somd: each SOMD method is its sequential loop over the whole
// arrays (one method instance: `Somd.offset(a)` is 0).
class Main {
    // A count folded into a computed result (the offsets are global on every placement).
    static int misplaced(int[] a) {
        int bad = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != i) bad++;
        }
        return bad + a.length * 1000;
    }

    // Two reduction loops, both read by the returned expression.
    static long weighted(int[] a, int k) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        long negatives = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) negatives++;
        }
        return s * k - negatives;
    }

    // `if (v > m) m = v;` is an `int` maximum; the host applies the floor after the loop.
    static int peak(int[] a, int floor) {
        // A zero-length `dist` argument makes no MI: the result is max's identity.
        if (a.length == 0) return Integer.MIN_VALUE;
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return Math.max(m, floor);
    }

    // The conditional-expression form, a `long` minimum of `int` values (widened).
    static long low(int[] a) {
        long m = Long.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = a[i] * 3 < m ? a[i] * 3 : m;
        }
        return m;
    }

    // `m < v` and `v <= m` orders, in a 2-D nest; the host bounds and scales the result.
    static long top(long[][] g) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                // The global column: an MI may hold any block of columns.
                long c = j;
                if (m < g[i][j] - c) {
                    m = g[i][j] - c;
                }
            }
        }
        return Math.max(m, -100) * 2;
    }

    static int bottom(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = m <= a[i] ? m : a[i];
        }
        return m;
    }

    // Several accumulators in one loop, each read after it: one kernel reduces each into
    // its own partials.
    static long moments(int[] a, int k) {
        long s = 0;
        long s2 = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            s2 += (long) a[i] * a[i];
        }
        return s * k + s2;
    }

    // Three accumulators of two types, each in another form.
    static long magnitude(int[] a) {
        // A zero-length `dist` argument makes no MI: the result is max's identity.
        if (a.length == 0) return Long.MIN_VALUE;
        int lo = Integer.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int third = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < lo) lo = a[i];
            hi = Math.max(hi, a[i]);
            third = a[i] / 3 > third ? a[i] / 3 : third;
        }
        return Math.max(Math.max(hi, -(long) lo), third * 4L);
    }

    // Two accumulators of a 2-D nest.
    static long cells(long[][] g) {
        long sum = 0;
        int positives = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                sum += g[i][j];
                if (g[i][j] > 0) positives++;
            }
        }
        return sum * 2 + positives;
    }

    // A later loop reads the first loop's count: the clamp leaves a partition without
    // negatives as it is, so the result is the same for any number of MIs.
    static int[] clamped(int[] a) {
        int negatives = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) negatives += 1;
        }
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = negatives == 0 ? a[i] : Math.max(a[i], 0);
        }
        return out;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 7, 64, 1000, 4097};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i % 13 == 5 ? -i : i;
            }
            int[] c = clamped(a);
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += c[i] * (long) (i + 1);
            }
            long[][] g = new long[n / 8 + 1][n % 5 + 1];
            for (int i = 0; i < g.length; i++) {
                for (int j = 0; j < g[i].length; j++) {
                    g[i][j] = (i * 7919L + j * 104729L) % 1009 - 500;
                }
            }
            System.out.println("n=" + n + " misplaced=" + misplaced(a) + " weighted="
                + weighted(a, 3) + " peak=" + peak(a, 10) + " low=" + low(a) + " top=" + top(g)
                + " bottom=" + bottom(a) + " clamped=" + sum);
            System.out.println("  moments=" + moments(a, 7) + " magnitude=" + magnitude(a)
                + " cells=" + cells(g));
        }
        int[] big = new int[5000];
        for (int i = 0; i < big.length; i++) {
            big[i] = Integer.MAX_VALUE - (i * 7919) % 5003;
        }
        big[1234] = Integer.MIN_VALUE;
        System.out.println("extremes peak=" + peak(big, 0) + " low=" + low(big) + " bottom="
            + bottom(big) + " weighted=" + weighted(big, -2) + " moments=" + moments(big, 3)
            + " magnitude=" + magnitude(big));
        // A loop that never writes `big` keeps it on the device across its calls.
        long total = 0;
        for (int r = 0; r < 4; r++) {
            total += moments(big, r) % 1000 + magnitude(big);
        }
        System.out.println("kept total=" + total);
    }
}
