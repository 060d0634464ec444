// Java twin of loopcheck_divisors.somd: one MI over the whole arrays.
class Main {
    static long[] counts(int[] at, int[] xs, int[] from) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            int x = xs[i];
            long c = 0;
            for (int d = 1; d <= (int) Math.sqrt(x); d++) {
                c += x % d == 0 ? d : 0;
            }
            for (int d = 1; d < 40; d++) {
                c += x / d - (x % d) * 3;
            }
            long s = (long) x * x + 7;
            for (int d = 9; d >= 1; d--) {
                s /= d;
                c += s % d;
            }
            for (int d = from[i]; d < 50; d += 3) {
                c += (x - 5000) % d + (x - 5000) / d;
            }
            for (int d = 0; d < 10; d++) {
                if (d > 0) {
                    c += x % d;
                }
            }
            out[p] = c;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] xs = new int[n];
        int[] from = new int[n];
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = i;
            xs[i] = i * 7919 % 100000 + (i % 5 == 0 ? -2147483647 : 1);
            from[i] = 1 + i % 4;
        }
        long[] c = counts(at, xs, from);
        long t = 0;
        for (int i = 0; i < n; i++) {
            t = t * 31 + c[i];
        }
        System.out.println(t + " " + c[0] + " " + c[1] + " " + c[n - 1]);
    }
}
