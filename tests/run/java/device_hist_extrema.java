// Java twin of device_hist_extrema.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays.
// Histogram SOMD methods whose table an earlier loop fills with one constant, and tables of
// per-bucket maxima and minima (`t[b] = Math.max(t[b], v)`), on the CPU (any number of
// MIs) and on the OpenCL device (one MI: each work-group's table starts at the
// operator's identity, and the host folds the groups' tables from the fill loop's
// constant). Fills with the identity (`Integer.MIN_VALUE` for a maximum, `-1` for `&=`)
// and with other constants (maxima from 0, counts from 100, a `long` table from -5, read
// by combines that account for it); both argument orders of `Math.max`/`Math.min`; a
// fill bounded by the allocation's length parameter; a table too large for local memory;
// a `long` maximum, which stays on the CPU.
class MaxOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.max(a[i], b[i]);
        }
        return c;
    }
}

class MinOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.min(a[i], b[i]);
        }
        return c;
    }
}

// Counts that each MI starts at 100: the combination counts the start once.
class Counts100 {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i] - 100;
        }
        return c;
    }
}

class AndOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] & b[i];
        }
        return c;
    }
}

class OrOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] | b[i];
        }
        return c;
    }
}

// Sums that each MI starts at -5.
class Sums5 {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i] + 5;
        }
        return c;
    }
}

class LongMinOf {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.min(a[i], b[i]);
        }
        return c;
    }
}

class LongMaxOf {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.max(a[i], b[i]);
        }
        return c;
    }
}

class Main {
    static final int SMALL = 64;
    static final int LARGE = 140000;
    // Past the 2 MiB of local memory a CPU device may have, as `long`s.
    static final int LONG_LARGE = 300000;

    // The largest value per bucket; buckets no value reaches keep Integer.MIN_VALUE.
    static int[] maxima(int[] keys, int[] values, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = Integer.MIN_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] & 0x7fffffff) % k;
            t[b] = Math.max(t[b], values[i]);
        }
        return t;
    }

    // The smallest value per bucket, `Math.min(v, t[b])` (the value first); the fill is
    // bounded by the length parameter.
    static int[] minima(int[] keys, int[] values, int k) {
        int[] t = new int[k];
        for (int j = 0; j < k; j++) {
            t[j] = Integer.MAX_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] >>> 3) % k;
            t[b] = Math.min(values[i] * 3 - 7, t[b]);
        }
        return t;
    }

    // Maxima from 0 (no fill loop): negative values never show.
    static int[] positiveMaxima(int[] keys, int[] values) {
        int[] t = new int[SMALL];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] & (SMALL - 1)] = Math.max(t[keys[i] & (SMALL - 1)], values[i]);
        }
        return t;
    }

    // A table too large for a work-group's local memory: one table in global memory,
    // filled by the host with the identity; maxima start at -1000 (not the identity).
    static int[] wide(int[] keys, int[] values) {
        int[] t = new int[LARGE];
        for (int j = 0; j < t.length; j++) {
            t[j] = -1000;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] & 0x7fffffff) % LARGE;
            t[b] = Math.max(t[b], values[i] % 5000);
        }
        return t;
    }

    // Counts from 100.
    static int[] counts(int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = 100;
        }
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] & 0x7fffffff) % k]++;
        }
        return t;
    }

    // Bits common to every key of a bucket (all ones for an empty bucket), and bits set
    // in any, from 1.
    static int[] common(int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = -1;
        }
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] >>> 28) % k] &= keys[i] | 0x0f0f0f0f;
        }
        return t;
    }

    static int[] any(int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = 1;
        }
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] >>> 29) % k] |= 1 << (keys[i] & 31);
        }
        return t;
    }

    // A `long` table from -5.
    static long[] sums(int[] keys, int[] values, int k) {
        long[] t = new long[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = -5L;
        }
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] & 0x7fffffff) % k] += (long) values[i] * values[i];
        }
        return t;
    }

    // A `long` maximum: the device's 32-bit atomics cannot compare 64-bit entries, so it
    // runs on the CPU.
    static long[] longMaxima(int[] keys, int[] values, int k) {
        long[] t = new long[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = Long.MIN_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] & 0x7fffffff) % k;
            t[b] = Math.max(t[b], (long) values[i] << 20);
        }
        return t;
    }

    // A `long` minimum of products: both words of an entry decide.
    static long[] longMinima(int[] keys, int[] values, int k) {
        long[] t = new long[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = Long.MAX_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] & 0x7fffffff) % k;
            t[b] = Math.min(t[b], (long) keys[i] * values[i]);
        }
        return t;
    }

    // A `long` maximum in a table too large for local memory (the other argument order).
    static long[] longMaximaLarge(int[] keys, int[] values) {
        long[] t = new long[LONG_LARGE];
        for (int j = 0; j < t.length; j++) {
            t[j] = Long.MIN_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] & 0x7fffffff) % LONG_LARGE;
            t[b] = Math.max((long) values[i] * keys[i] + b, t[b]);
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

    static void show(String name, int[] t) {
        System.out.println(name + ": " + t.length + " entries, first " + t[0] + ", last "
            + t[t.length - 1] + ", digest " + digest(t));
    }

    public static void main(String[] args) {
        int[] sizes = {1, 7, 300, 100000};
        for (int s = 0; s < sizes.length; s++) {
            int n = sizes[s];
            int[] keys = new int[n];
            int[] values = new int[n];
            int x = 12345 + n;
            for (int i = 0; i < n; i++) {
                x = x * 1103515245 + 12345;
                keys[i] = x;
                x = x * 1103515245 + 12345;
                values[i] = (x >> 8) % 1000000;
            }
            System.out.println("n = " + n);
            show("maxima", maxima(keys, values, 37));
            show("minima", minima(keys, values, 11));
            show("positive maxima", positiveMaxima(keys, values));
            show("wide", wide(keys, values));
            show("counts", counts(keys, 13));
            show("common", common(keys, 5));
            show("any", any(keys, 3));
            long[] sums = sums(keys, values, 9);
            System.out.println("sums: first " + sums[0] + ", digest " + digest(sums));
            long[] longMax = longMaxima(keys, values, 6);
            System.out.println("long maxima: first " + longMax[0] + ", digest "
                + digest(longMax));
            long[] longMin = longMinima(keys, values, 23);
            System.out.println("long minima: first " + longMin[0] + ", digest "
                + digest(longMin));
            long[] longLarge = longMaximaLarge(keys, values);
            System.out.println("long maxima (large): first " + longLarge[0] + ", digest "
                + digest(longLarge));
        }
    }
}
