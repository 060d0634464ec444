// Java twin of exc_hist_extremum.somd: a SOMD method runs as one method instance over the whole arrays.
// A per-bucket minimum written `t[b] = Math.min(w[v], t[b])` evaluates `w[v]` before it
// reads the entry `t[b]`: in the iteration where both are out of bounds, Java throws for
// `w[v]`, on every placement (the device computes the value before it checks the entry).
// The run before it succeeds; only one iteration fails, so the message does not depend on
// the number of MIs.
class MinOf {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.min(a[i], b[i]);
        }
        return c;
    }
}

class Main {
    static int[] minima(int[] keys, int[] w, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) {
            t[j] = Integer.MAX_VALUE;
        }
        for (int i = 0; i < keys.length; i++) {
            int b = keys[i] & 255;
            int v = keys[i] >> 8;
            t[b] = Math.min(w[v], t[b]);
        }
        return t;
    }

    public static void main(String[] args) {
        int k = 8;
        int[] keys = new int[6000];
        int[] w = new int[1001];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (i * 5) % k | (i % 1000) << 8;
        }
        for (int i = 0; i < w.length; i++) {
            w[i] = 100000 - i * 3;
        }
        int[] t = minima(keys, w, k);
        System.out.println(t[0] + " " + t[1] + " " + t[7]);
        int[] shorter = new int[1000];
        for (int i = 0; i < shorter.length; i++) {
            shorter[i] = w[i];
        }
        keys[4321] = 1000 << 8 | 11;
        System.out.println(minima(keys, shorter, k)[0]);
    }
}
// throws-at: 25:29
