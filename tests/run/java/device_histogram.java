// Java twin of device_histogram.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (its table is the one
// partial; `combine` is not called for one partial, and `Bits.combineAll` of one table is
// that table).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`), so
    // a loop stepping by `align` visits the same elements whatever the number of MIs.
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

class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class LongSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Bits {
    // Per entry: the OR of the partials in entry 0 mod 3, the XOR in 1, the AND in 2.
    static int[] combineAll(int[][] parts) {
        int n = parts.length > 0 ? parts[0].length : 0;
        int[] c = new int[n];
        for (int e = 0; e < n; e++) {
            c[e] = e % 3 == 2 ? -1 : 0;
        }
        for (int p = 0; p < parts.length; p++) {
            for (int e = 0; e < n; e++) {
                if (e % 3 == 0) c[e] |= parts[p][e];
                if (e % 3 == 1) c[e] ^= parts[p][e];
                if (e % 3 == 2) c[e] &= parts[p][e];
            }
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

class LongAnd {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] & b[i];
        }
        return c;
    }
}

class Main {
    // `++` and a wrapping `+=` into an int table.
    static int[] counts(int[] keys, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            int b = keys[i] % buckets;
            if (b < 0) {
                b += buckets;
            }
            t[b]++;
            t[(b + 1) % buckets] += keys[i] * 7919;
        }
        return t;
    }

    // `+=` of long values and products, `--`, over every other element (pairs never split).
    static long[] moments(long[] v, int k) {
        long[] m = new long[2 * k + 1];
        for (int i = 0; i < v.length; i += 2) {
            int c = (int) ((v[i] & 0x7fffffff) % k);
            m[2 * c] += v[i];
            m[2 * c + 1] += v[i] * v[i];
            m[2 * k]--;
        }
        return m;
    }

    // `|=` into an int table (entries 3c of `Bits`), combined by `combineAll`.
    static int[] ors(int[] keys, int k) {
        int[] t = new int[3 * k];
        for (int i = 0; i < keys.length; i++) {
            t[3 * (keys[i] & 0xffff) % (3 * k)] |= 1 << (keys[i] >>> 27);
        }
        return t;
    }

    // `^=` of long values.
    static long[] xors(long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) {
            t[(int) (v[i] >>> 40) % k] ^= v[i] * 0x9E3779B97F4A7C15L;
        }
        return t;
    }

    // `&=` into a zeroed table stays zero, on every placement.
    static long[] ands(long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) {
            t[i % k] &= v[i];
        }
        return t;
    }

    static long digest(int[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    static long digest(long[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int[] sizes = {1, 7, 1000, 100003};
        for (int s = 0; s < sizes.length; s++) {
            int n = sizes[s];
            int[] keys = new int[n];
            long[] v = new long[n];
            long x = 88172645463325252L;
            for (int i = 0; i < n; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                keys[i] = (int) x;
                v[i] = x;
            }
            int[] c = counts(keys, 13);
            long[] m = moments(v, 5);
            int[] o = ors(keys, 11);
            long[] xo = xors(v, 9);
            long[] a = ands(v, 4);
            int[] big = counts(keys, 300000);
            System.out.println("n=" + n + " counts " + c[0] + " " + c[12] + " " + digest(c));
            System.out.println("  moments " + m[0] + " " + m[1] + " " + m[10] + " " + digest(m));
            System.out.println("  ors " + o[0] + " " + o[3] + " " + o[1] + " " + o[2] + " " + digest(o));
            System.out.println("  xors " + xo[0] + " " + digest(xo) + " ands " + digest(a));
            System.out.println("  big " + big.length + " " + digest(big));
        }
    }
}
