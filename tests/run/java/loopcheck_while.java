// Java twin of loopcheck_while.somd: one MI over the whole arrays.
class Main {
    static long[] prefix(int[] a, int[] b, int n) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            int k = 0;
            while (k < n && s < a[i]) {
                s += b[k];
                k++;
            }
            int j = a[i] % 5;
            long t = 0;
            while (j <= n - 3) {
                t += b[j] * (long) b[j + 2];
                j += 3;
            }
            int m = n - 1 - a[i] % 2;
            long u = 0;
            while (m >= 1) {
                u = u * 3 + b[m] - b[m - 1];
                m -= 2;
            }
            out[i] = s * 1000 + k + t * 7 + j + u * 11 + m;
        }
        return out;
    }

    // An insertion sort of a private window and a search: the tests' reads after the
    // comparison that counts each loop (`q >= 0 && w[q] > v`, `k < n && b[k] != x`) take
    // part in the test before it.
    static int[] medians(int[] a, int[] b, int n) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] w = new int[9];
            for (int p = 0; p < 9; p++) {
                int v = b[(a[i] + p * 7) % b.length];
                int q = p - 1;
                while (q >= 0 && w[q] > v) {
                    w[q + 1] = w[q];
                    q--;
                }
                w[q + 1] = v;
            }
            int x = a[i] % 29;
            int k = 0;
            while (k < n && b[k] != x) {
                k++;
            }
            out[i] = w[4] * 100 + k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 37) % 901;
        }
        int[] b = new int[40];
        for (int i = 0; i < b.length; i++) {
            b[i] = (i * 13) % 23 + 1;
        }
        for (int n = 0; n <= 40; n += 8) {
            long[] o = prefix(a, b, n);
            long h = 0;
            for (int i = 0; i < o.length; i++) {
                h = h * 31 + o[i];
            }
            System.out.println(n + " " + o[0] + " " + o[1] + " " + o[2999] + " " + h);
            int[] md = medians(a, b, n);
            long g = 0;
            for (int i = 0; i < md.length; i++) {
                g = g * 31 + md[i];
            }
            System.out.println(n + " " + md[0] + " " + md[1] + " " + md[2999] + " " + g);
        }
    }
}
