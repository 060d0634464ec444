// Java twin of stdlib_bits.somd: the same program without the `local` modifier; the map
// `Main @ counts(Somd.range(64))` is a loop.
// Integer.bitCount and Long.bitCount, written in the language (stdlib/integer.somd,
// stdlib/long.somd), on their corner cases and against a bit-by-bit count.
class Main {
    static int slowCount(long x) {
        int n = 0;
        for (int i = 0; i < 64; i++) {
            n += (int) ((x >>> i) & 1L);
        }
        return n;
    }

    // The target of a map, so the library's bitCount also runs as a kernel's helper function.
    static int counts(int k) {
        return Long.bitCount(-1L >>> k) * 100 + Integer.bitCount(Integer.MIN_VALUE >> (k & 31))
            + Long.bitCount(0x5555555555555555L << k) * 10000 + Integer.bitCount(k * 0x01010101) * 1000000;
    }

    public static void main(String[] args) {
        int[] is = {0, 1, -1, 2, 3, 0x55555555, 0xAAAAAAAA, 0x0F0F0F0F, Integer.MAX_VALUE, Integer.MIN_VALUE,
            Integer.MIN_VALUE + 1, 0x80000001, 123456789, -123456789};
        for (int i = 0; i < is.length; i++) {
            System.out.println(is[i] + " " + Integer.bitCount(is[i]) + " " + Long.bitCount(is[i]));
        }
        long[] ls = {0L, 1L, -1L, 0x5555555555555555L, 0xAAAAAAAAAAAAAAAAL, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MIN_VALUE + 1, 0xFFFFFFFFL, 0xFFFFFFFF00000000L, 1234567890123456789L, -1234567890123456789L};
        for (int i = 0; i < ls.length; i++) {
            System.out.println(ls[i] + " " + Long.bitCount(ls[i]) + " " + Integer.bitCount((int) ls[i]));
        }
        int[] byShift = new int[64];
        for (int i = 0; i < 64; i++) {
            byShift[i] = counts(i);
        }
        for (int i = 0; i < byShift.length; i++) {
            System.out.print(byShift[i] + " ");
        }
        System.out.println();
        long x = 88172645463325252L;
        int mismatches = 0;
        long total = 0;
        for (int i = 0; i < 20000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int c = Long.bitCount(x);
            int lo = Integer.bitCount((int) x) + Integer.bitCount((int) (x >>> 32));
            if (c != slowCount(x) || c != lo) {
                mismatches++;
            }
            total += c + Integer.bitCount((int) x ^ i);
        }
        System.out.println(total + " " + mismatches);
        System.out.println(Integer.bitCount('z') + " " + Integer.bitCount((byte) -1) + " " + Long.bitCount(-1));
    }
}
