// Java twin of segmented_windows.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays (its table is the one
// partial; `combine` is not called for one partial).
// Segmented sums on the CPU: with eight MIs or more, each MI whose keys never decrease
// reports the span from its first key to its last, outside which its table is zero, and the
// MIs' tables are combined span by span (`rt::somd::combine_elementwise_windows`): an index
// chunk that one MI's span meets takes that MI's entries, one that several meet runs the
// whole tree; an MI with unsorted keys spans every index. Every entry must have the bits of
// the tree of `combine` over the whole tables. The `dist` parameters are split into blocks,
// so runs of equal keys cross the MIs' boundaries and two MIs add to one entry; values are
// multiples of 1/8, so every grouping of a sum is exact and any MI count prints the same.
// Cases: sorted keys (runs of 777 crossing the blocks); sorted keys in a narrow span in the
// middle of a long table (every MI's span in one chunk); descending keys (each MI's span
// from its last key to its first); keys alternating between the two ends (every index); a
// combine that adds `b[i] + a[i]`; a
// `float` table; an `int` count and a `long` table under `^`; one element; last a
// negative key part-way:
// ArrayIndexOutOfBoundsException at the update.
class Sum {
    static double[] combine(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = b[i] + a[i];
        }
        return c;
    }
}

class Counts {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Bits {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] ^ b[i];
        }
        return c;
    }
}

class FloatSum {
    static float[] combine(float[] a, float[] b) {
        float[] c = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static double[] scatter(double[] v, int[] key, int n) {
        double[] t = new double[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] += v[i];
        }
        return t;
    }

    static float[] scatterFloat(float[] v, int[] key, int n) {
        float[] t = new float[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] += v[i] * 2;
        }
        return t;
    }

    static int[] count(int[] key, int n) {
        int[] t = new int[n];
        for (int i = 0; i < key.length; i++) {
            t[key[i]]++;
        }
        return t;
    }

    static long[] mix(long[] v, int[] key, int n) {
        long[] t = new long[n];
        for (int i = 0; i < v.length; i++) {
            t[key[i]] ^= v[i] * 0x9E3779B97F4A7C15L;
        }
        return t;
    }

    static long digest(double[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + Double.doubleToLongBits(t[i]);
        }
        return h;
    }

    static long digest(float[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + Float.floatToIntBits(t[i]);
        }
        return h;
    }

    static int nonzero(double[] t) {
        int c = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] != 0) {
                c++;
            }
        }
        return c;
    }

    static void show(String name, double[] t, int k) {
        System.out.println(name + " digest " + digest(t) + " nonzero " + nonzero(t) + " t[" + k
                + "] " + t[k] + " t[last] " + t[t.length - 1]);
    }

    public static void main(String[] args) {
        int m = 200000;
        double[] v = new double[m];
        int[] key = new int[m];
        for (int i = 0; i < m; i++) {
            v[i] = ((i * 37) % 17 - 8) / 8.0;
            key[i] = i / 777;
        }
        show("sorted", scatter(v, key, m / 777 + 3), 128);

        for (int i = 0; i < m; i++) {
            key[i] = 500000 + i / 2000;
        }
        show("narrow", scatter(v, key, 1000000), 500042);

        for (int i = 0; i < m; i++) {
            key[i] = (m - 1 - i) / 3;
        }
        show("descending", scatter(v, key, m / 3 + 1), 4001);

        for (int i = 0; i < m; i++) {
            key[i] = i % 2 == 0 ? i / 2 : m - 1 - i / 2;
        }
        show("alternating", scatter(v, key, m), 99999);

        float[] w = new float[m];
        for (int i = 0; i < m; i++) {
            w[i] = (float) v[i];
            key[i] = 1000 + i / 10;
        }
        float[] f = scatterFloat(w, key, 30000);
        System.out.println("float digest " + digest(f) + " f[1001] " + f[1001] + " f[20999] " + f[20999]);

        for (int i = 0; i < m; i++) {
            key[i] = 300 + i / 611;
        }
        int[] counts = count(key, 2000);
        long cd = 17;
        for (int i = 0; i < counts.length; i++) {
            cd = cd * 31 + counts[i];
        }
        System.out.println("int counts digest " + cd + " c[300] " + counts[300] + " c[627] " + counts[627]);
        long[] lv = new long[m];
        for (int i = 0; i < m; i++) {
            lv[i] = (long) i * i - 7 * i;
        }
        long[] mixed = mix(lv, key, 2000);
        long md = 17;
        for (int i = 0; i < mixed.length; i++) {
            md = md * 31 + mixed[i];
        }
        System.out.println("long xor digest " + md + " x[300] " + mixed[300] + " x[1999] " + mixed[1999]);

        double[] one = scatter(new double[] {0.375}, new int[] {4}, 6);
        show("one", one, 4);

        for (int i = 0; i < m; i++) {
            key[i] = i / 777;
        }
        key[150001] = -3;
        double[] bad = scatter(v, key, m / 777 + 3);
        System.out.println("not reached " + bad[0]);
    }
}
// throws-at: 60:13
