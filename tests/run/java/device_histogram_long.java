// Java twin of device_histogram_long.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays (its table is
// the one partial; `combine` is not called for one partial).
class LongSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class LongOr {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] | b[i];
        }
        return c;
    }
}

class LongXor {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] ^ b[i];
        }
        return c;
    }
}

class Main {
    // K-Means' shape: per key, the sum of `xs` (any sign), of `ys` (near Integer.MAX_VALUE:
    // the low word carries about every other update) and a count.
    static long[] sums(int[] xs, int[] ys, int k) {
        long[] t = new long[3 * k];
        for (int i = 0; i < xs.length; i++) {
            int c = (xs[i] & 0x7fffffff) % k;
            t[3 * c] += xs[i];
            t[3 * c + 1] += ys[i];
            t[3 * c + 2] += 1;
        }
        return t;
    }

    // Negative `long`s of any size: every sum wraps around 2^64; the second update adds
    // -(2^32 - 1) (low word 1, high word all ones).
    static long[] wraps(long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) {
            int c = (int) ((v[i] >>> 33) % k);
            t[c] += v[i] | Long.MIN_VALUE;
            t[(c + 1) % k] += -4294967295L;
        }
        return t;
    }

    // A table too large for local memory: products of more than 32 bits, both signs.
    static long[] spread(int[] xs, int k) {
        long[] t = new long[k];
        for (int i = 0; i < xs.length; i++) {
            t[(xs[i] & 0x7fffffff) % k] += (long) xs[i] * 65537L;
            t[k - 1 - (xs[i] >>> 7) % k]++;
        }
        return t;
    }

    // Bits set in the high and low words independently.
    static long[] ors(long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) {
            t[(int) (v[i] >>> 61) % k] |= 1L << (int) (v[i] & 63);
        }
        return t;
    }

    static long[] xors(long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) {
            t[(int) (v[i] >>> 59) % k] ^= v[i];
        }
        return t;
    }

    static long digest(long[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    static String show(long[] t) {
        String s = "";
        for (int i = 0; i < t.length; i++) {
            s = s + (i == 0 ? "" : " ") + t[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] sizes = {1, 1000, 200003};
        for (int s = 0; s < sizes.length; s++) {
            int n = sizes[s];
            int[] xs = new int[n];
            int[] ys = new int[n];
            long[] v = new long[n];
            long x = 88172645463325252L;
            for (int i = 0; i < n; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                xs[i] = (int) x;
                ys[i] = Integer.MAX_VALUE - (int) ((x >>> 40) & 1023);
                v[i] = x;
            }
            long[] t = sums(xs, ys, 7);
            long[] w = wraps(v, 5);
            long[] big = spread(xs, 300000);
            long[] o = ors(v, 8);
            long[] xo = xors(v, 6);
            System.out.println("n=" + n + " sums " + show(t));
            System.out.println("  wraps " + show(w));
            System.out.println("  spread " + big[0] + " " + big[299999] + " " + digest(big));
            System.out.println("  ors " + show(o));
            System.out.println("  xors " + show(xo));
        }
    }
}
