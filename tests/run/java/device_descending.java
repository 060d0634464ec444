// Java twin of device_descending.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays (`Somd.offset` is 0), a
// `combine` strategy returns the single result.
class Main {
    // The values `LastAt` compares (set before each call of `lastPeak`).
    static int[] values;

    // Elementwise, from the last element down.
    static long[] scaleDown(int[] a, int k) {
        long[] out = new long[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            out[i] = (long) a[i] * k - (i);
        }
        return out;
    }

    // `i > -1`: down to element 0.
    static int[] shifted(int[] a) {
        int[] out = new int[a.length];
        for (int i = a.length - 1; i > -1; i--) {
            out[i] = a[i] ^ 0x5555;
        }
        return out;
    }

    // A table lookup from the last element down.
    static int[] lookup(int[] a, int[] table) {
        int[] out = new int[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            out[i] = table[a[i] & 15] + a[i];
        }
        return out;
    }

    // A sum over a descending loop.
    static long total(int[] a) {
        long s = 0;
        for (int i = a.length - 1; i >= 0; i--) {
            s += (long) a[i] * (a[i] % 7 + 1);
        }
        return s;
    }

    // The position of the maximum met first going down: of equal maxima the last one.
    static int lastPeak(int[] a) {
        int k = -1;
        int m = Integer.MIN_VALUE;
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] > m) {
                m = a[i];
                k = i;
            }
        }
        return k;
    }

    // A minimum started from the last element, going down from the one before it.
    static int lowest(int[] a) {
        int m = a[a.length - 1];
        for (int i = a.length - 2; i >= 0; i--) {
            m = Math.min(m, a[i]);
        }
        return m;
    }

    // A histogram stepping down: counts and sums per bucket.
    static int[] buckets(int[] a, int k) {
        int[] t = new int[2 * k];
        for (int i = a.length - 1; i >= 0; i--) {
            int b = (a[i] & 0x7fffffff) % k;
            t[b]++;
            t[k + b] += a[i];
        }
        return t;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 3, 17, 255, 256, 257, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = ((i * 7919 + t * 104729) % 2003) - 1001;
            }
            long[] out = scaleDown(a, 3);
            int[] x = shifted(a);
            values = a;
            int peak = lastPeak(a);
            int low = lowest(a);
            long sum = total(a);
            int[] table = new int[16];
            for (int i = 0; i < 16; i++) table[i] = i * i;
            int[] y = lookup(a, table);
            long check = 0;
            for (int i = 0; i < n; i++) {
                check = check * 31 + out[i] + x[i] * 7L + y[i];
            }
            int[] h = buckets(a, 7);
            long hist = 0;
            for (int i = 0; i < h.length; i++) {
                hist = hist * 31 + h[i];
            }
            System.out.println("n=" + n + " peak " + peak + " low " + low + " total " + sum
                + " check " + check + " hist " + hist);
        }
    }
}

// Of two positions, the one with the greater value, of equal values the later one: the
// one Java's descending `if (v > m)` keeps over the whole array.
class LastAt {
    static int combine(int x, int y) {
        if (x < 0) return y;
        if (y < 0) return x;
        int vx = Main.values[x];
        int vy = Main.values[y];
        if (vx > vy) return x;
        if (vy > vx) return y;
        return x > y ? x : y;
    }
}
