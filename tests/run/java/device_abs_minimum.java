// Java twin of device_abs_minimum.somd: the `@` as a loop; one MI over the whole arrays.
class Main {
    static long[] rems(int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            long y = w[i];
            int own = x < 0 ? -x : x;
            long r = Math.abs(x) % (x | 1);
            r = r * 31 + own % (x | 1);
            r = r * 31 + Math.abs(x) % 7;
            r = r * 31 + Math.abs(y) % (y | 1);
            r = r * 31 + Math.abs(y) % -7L;
            int v = x;
            if (v < 0) {
                v = -v;
            }
            int c = Math.abs(x);
            c %= x | 1;
            r = r * 31 + v % (x | 1) + c;
            for (int d = 1; d < 4; d++) {
                r = r * 31 + Math.abs(x) % d + own % -d;
            }
            out[i] = r;
        }
        return out;
    }

    static long rem(int x, long y) {
        long own = y < 0 ? -y : y;
        return ((long) (Math.abs(x) % (x | 1)) * 31 + own % (y | 1)) * 31 + Math.abs(x) / -3;
    }

    public static void main(String[] args) {
        int[] a = {-2147483648, -2147483647, -5, 0, 5, 2147483647, -2147483648, 7};
        long[] w = {-9223372036854775808L, 3L, -9223372036854775807L, -9223372036854775808L, 9L, -9223372036854775808L, 11L, -1L};
        long[] r = rems(a, w);
        long[] m = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            m[i] = rem(a[i], w[i]);
        }
        for (int i = 0; i < a.length; i++) {
            System.out.println(a[i] + " " + w[i] + " " + r[i] + " " + m[i]);
        }
    }
}
