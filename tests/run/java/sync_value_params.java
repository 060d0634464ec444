// Java twin of sync_value_params.somd: each SOMD method runs as one method instance over
// the whole arrays (offset 0, no halos), its sync blocks as plain blocks; value arrays are
// plain arrays nobody writes, and the mutable arrays are passed by value (copies).
class Main {
    static int[] blur(int[] src, int[] a, int[] b, int[] w, int steps) {
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] * w[1] + a[i] * w[2] + a[i + 1] * w[3] + src[i]) % 10007;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) {
                    a[i] = (b[i] + src[i - 1] - src[i + 1] + w[p % w.length]) % 10007;
                }
            }
        }
        return a;
    }

    static long weigh(int[] v, int[] w, int rounds) {
        long[] acc = new long[v.length];
        for (int r = 0; r < rounds; r++) {
            {
                for (int i = 0; i < v.length; i++) {
                    acc[i] = acc[i] * 3 + v[i] * w[(0 + i + r) % w.length];
                }
            }
        }
        long total = 0;
        for (int i = 0; i < v.length; i++) {
            total += acc[i] % 1000003 + (0 + i);
        }
        return total;
    }

    static int[] values(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37 + seed * 11) % 101 - 50;
        }
        return a.clone();
    }

    static int checksum(int[] a) {
        int h = 17;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + a[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int[] w0 = {3, -2, 5, 1, 7};
        int[] w = w0.clone();
        int[] sizes = {0, 1, 2, 3, 5, 8, 100, 3001};
        for (int s = 0; s < sizes.length; s++) {
            int n = sizes[s];
            int[] src = values(n, s);
            for (int call = 0; call < 2; call++) {
                int[] a = new int[n];
                int[] b = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = src[i] * (call + 2);
                    b[i] = -a[i];
                }
                int[] out = blur(src, a.clone(), b.clone(), w, 3 + call);
                System.out.println("blur n=" + n + " call " + call + ": " + checksum(out) + (n > 0 ? " first " + out[0] + " last " + out[n - 1] : ""));
                System.out.println("weigh n=" + n + " call " + call + ": " + weigh(src, w, 2 + call));
            }
        }
    }
}
