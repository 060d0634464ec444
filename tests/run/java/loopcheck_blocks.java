// Java twin of loopcheck_blocks.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] at, int[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int e = at[p];
            int n = lim[e];
            long s = 0;
            for (int k = 0; k < n; k++) {
                s = s * 31 + k;
            }
            for (int k = 3; k <= 1000003; k += 7) {
                if (k % 5 == 0) {
                    continue;
                }
                s += k ^ e;
            }
            for (int k = n; k > -n; k--) {
                s ^= k;
            }
            int stop = e % 2 == 1 ? n - 3 * 1024 : n - 3 * 5001;
            for (int k = n; k >= 0; k -= 3) {
                s += k;
                if (k == stop) {
                    break;
                }
            }
            for (long k = 0; k < (long) n * 3; k++) {
                s = s * 7 + k;
                if (k == 1023L * (e + 1)) {
                    break;
                }
            }
            for (long k = (long) n * 2; k > 0; k -= 3) {
                s = s * 5 + (k & 255);
            }
            for (int k = 0; k < n; k++) {
                if (k == 5000 + e) {
                    break;
                }
                s -= k;
            }
            int j = 0;
            while (j < n) {
                s += j & 15;
                j++;
            }
            int q = 0;
            while (q < n) {
                q++;
                if (q == 1024 * (e % 4 + 1)) {
                    break;
                }
                s += q;
            }
            out[p] = s * 31 + q;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] at = new int[12];
        int[] lim = new int[12];
        for (int p = 0; p < at.length; p++) {
            at[p] = p;
            lim[p] = p % 3 == 0 ? 1000 + p : 700000 + 1000 * p;
        }
        long[] o = f(at, lim);
        long t = 0;
        for (int p = 0; p < o.length; p++) {
            System.out.println(p + " " + o[p]);
            t = t * 3 + o[p];
        }
        System.out.println("total " + t);
    }
}
