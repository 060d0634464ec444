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
            for (int k = 3; k <= n; k += 7) {
                if (k % 5 == 0) {
                    continue;
                }
                s += k;
            }
            for (int k = n; k > -n; k--) {
                s ^= k;
            }
            for (int k = n; k >= 0; k -= 3) {
                s += k;
                if (k == n - 3 * (1023 + 1024 * e)) {
                    break;
                }
            }
            for (long k = 0; k < (long) n * 3; k += 2) {
                s = s * 7 + k;
                if (k == 2L * (1024 * (e + 1) - 1)) {
                    break;
                }
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
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] at = new int[12];
        int[] lim = new int[12];
        for (int p = 0; p < at.length; p++) {
            at[p] = p;
            lim[p] = p % 3 == 0 ? 1000 + p : 70000 + 1000 * p;
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
