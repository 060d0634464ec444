// Java twin of device_private_pass.somd: value arrays are plain arrays, `@` a loop, and a
// SOMD method one method instance over the whole arrays.
import java.util.Random;

class Main {
    static void fill(int[] t, int x) {
        for (int k = 0; k < t.length; k++) {
            t[k] = x + k * k;
        }
    }

    // Passes its array on: two helpers deep.
    static void fillSquares(int[] t, int x) {
        fill(t, x);
        for (int k = 0; k < t.length; k++) {
            t[k] = t[k] * (k + 1) % 1009;
        }
    }

    static long total(int[] v) {
        long s = 0;
        for (int k = 0; k < v.length; k++) {
            s += v[k];
        }
        return s;
    }

    static long dot(int[] u, int[] v) {
        long s = 0;
        for (int k = 0; k < u.length; k++) {
            s += (long) u[k] * v[k % v.length];
        }
        return s;
    }

    // Named like `total`'s private variant would be: the variant's name avoids it.
    static long total_pr1(long x) {
        return x * 3 + 1;
    }

    // Flags: a private `boolean[]` passed to a helper.
    static void markDigits(boolean[] seen, int v) {
        int x = v & 0x7fffffff;
        do {
            seen[x % 10] = true;
            x /= 10;
        } while (x > 0);
    }

    static long squares(int x) {
        int[] t = new int[6];
        int[] w = {3, -1, 4, -1, 5};
        boolean[] seen = new boolean[10];
        fillSquares(t, x);
        markDigits(seen, x);
        int distinct = 0;
        for (int d = 0; d < seen.length; d++) {
            if (seen[d]) {
                distinct++;
            }
        }
        return total(t) * 7 + dot(t, w) + dot(w, w) + total_pr1(x) + distinct * 1000003L;
    }

    // A window gathered from a buffer by a helper taking both kinds of pointer, then sorted.
    static void gather(int[] w, int[] src, int at) {
        for (int k = 0; k < w.length; k++) {
            w[k] = src[Math.min(Math.max(at + k - w.length / 2, 0), src.length - 1)];
        }
    }

    static void sort(int[] w) {
        for (int p = 1; p < w.length; p++) {
            int x = w[p];
            int q = p - 1;
            while (q >= 0 && w[q] > x) {
                w[q + 1] = w[q];
                q--;
            }
            w[q + 1] = x;
        }
    }

    static int[] median7(int[] at, int[] src) {
        int[] out = new int[at.length];
        for (int i = 0; i < at.length; i++) {
            int[] w = new int[7];
            gather(w, src, at[i]);
            sort(w);
            out[i] = w[3];
        }
        return out;
    }

    // `total` of a buffer here, of a private array in `squares`: both variants.
    static long weighted(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] % 1000 * (total(b) % 101);
        }
        return s;
    }

    // Digit counts by a helper, into a table fresh in each iteration.
    static void countDigits(int[] count, int v) {
        int x = v == Integer.MIN_VALUE ? Integer.MAX_VALUE : Math.abs(v);
        do {
            count[x % 10]++;
            x /= 10;
        } while (x > 0);
    }

    static long commonest(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] count = new int[10];
            countDigits(count, a[i]);
            int best = 0;
            for (int d = 1; d < 10; d++) {
                if (count[d] > count[best]) {
                    best = d;
                }
            }
            s += best * 10 + count[best];
        }
        return s;
    }

    // Refused: the helper compares its array, so the array stays on the heap (CPU).
    static boolean same(int[] u, int[] v) {
        return u == v;
    }

    static int compares(int x) {
        int[] t = new int[3];
        t[x & 1] = x;
        return same(t, t) ? t[0] + t[1] : -1;
    }

    static long[] mapSquares(int[] x) {
        long[] r = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = squares(x[i]);
        }
        return r;
    }

    static int[] mapCompares(int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = compares(x[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 6, 300, 4099};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            Random random = new Random(31 + n);
            int[] a = new int[n];
            int[] at = new int[n];
            int[] b = new int[17];
            for (int i = 0; i < n; i++) {
                a[i] = random.nextInt();
                at[i] = random.nextInt(n);
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(1000);
            }
            a[0] = Integer.MIN_VALUE;
            long[] sq = mapSquares(a);
            int[] cmp = mapCompares(at);
            int[] med = median7(at, a);
            long sh = 0;
            long ch = 0;
            long mh = 0;
            for (int i = 0; i < n; i++) {
                sh = sh * 31 + sq[i];
                ch = ch * 31 + cmp[i];
                mh = mh * 31 + med[i];
            }
            System.out.println(n + ": " + sh + " " + ch + " " + mh + " " + weighted(a, b) + " "
                + commonest(a));
        }
    }
}
