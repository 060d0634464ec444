// Java twin of device_wrap_widen.somd: the `@` as a loop; one MI over the whole arrays.
class Main {
    static long[] sums(int[] xs, int[] bs) {
        long[] out = new long[xs.length];
        for (int i = 0; i < xs.length; i++) {
            long rem = 0;
            long quo = 0;
            long wide = 0;
            double dbl = 0;
            for (int k = 0; k < 64; k++) {
                int x = xs[i] + k * 77777;
                int b = bs[(i + k) & 15];
                rem += (long) x % b;
                quo += (long) x / b;
                wide += x;
                dbl += (double) x;
            }
            out[i] = ((rem * 31 + quo) * 31 + wide) * 31 + (long) dbl;
        }
        return out;
    }

    static long sum(int x0, int b0) {
        long acc = 0;
        for (int k = 0; k < 64; k++) {
            int x = x0 + k * 77777;
            acc += (long) x % (b0 + k);
        }
        return acc;
    }

    public static void main(String[] args) {
        int n = 64;
        int[] xs = new int[n];
        int[] b0 = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = 2147483647 - i * 100003;
            b0[i] = 1 + i * 7;
        }
        xs[n - 1] = -2147483648;
        xs[n - 2] = -5;
        int[] bs = {7, -7, 3, 1000003, -1, 2147483647, -2147483648, 12345, 2, -3, 65536, 99991, -100000, 5, 11, 13};
        long[] r = sums(xs, bs);
        long[] m = new long[n];
        for (int i = 0; i < n; i++) {
            m[i] = sum(xs[i], b0[i]);
        }
        for (int i = 0; i < n; i++) {
            System.out.println(xs[i] + " " + r[i] + " " + m[i]);
        }
    }
}
