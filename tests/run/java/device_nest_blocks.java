// Java twin of device_nest_blocks.somd: one MI over the whole arrays.
class Main {
    // Per element, outer loops of 3,000 to 45,000 iterations around short inner loops: one
    // left by a `break` (before, at and after a block's end), one skipping by `continue`,
    // one stepping by 3, one down by 2 over a `long` index to a constant bound, a `while`
    // loop stepped by its last statement, a `long` index to an `int` bound from below zero,
    // a nest of three whose middle loop runs fewer than 1024 iterations per entry, an inner
    // `break` that leaves only its own loop, and inner loops whose own trips depend on the
    // outer index.
    static long[] nests(int[] at, int[] stops, int n) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int e = at[p];
            int stop = stops[e];
            int reach = n + e * 997;
            int lane = e % 8;
            long s = e;
            for (int x = 0; x < reach; x++) {
                for (int z = 0; z < 3; z++) {
                    s = s * 31 + (x ^ z);
                }
                if (x == stop) {
                    break;
                }
            }
            for (int x = 0; x < reach; x++) {
                if ((x & 7) == lane) {
                    continue;
                }
                for (int z = 0; z < 2; z++) {
                    s = s * 17 + x + z;
                }
            }
            for (int x = e - 3; x < reach; x += 3) {
                for (int z = x & 3; z < 4; z++) {
                    s = s * 13 + z;
                }
            }
            for (long x = reach + 5L * e; x >= -7; x -= 2) {
                for (long z = 0; z < 2; z++) {
                    s = s * 11 + x - z;
                }
            }
            int j = e;
            while (j < reach) {
                for (int z = 0; z < 2; z++) {
                    s = s * 5 + j + z;
                }
                j += 5;
            }
            for (long x = -e - 2L; x < reach; x++) {
                for (int z = 0; z < 2; z++) {
                    s = s * 3 + x;
                }
            }
            for (int x = 0; x < 40 + e; x++) {
                for (int y = 0; y < 30; y++) {
                    for (int z = 0; z < 3; z++) {
                        s = s * 7 + (x ^ y ^ z);
                    }
                }
            }
            for (int x = 0; x < reach; x++) {
                for (int z = 0; z < 8; z++) {
                    if (z == (x & 7)) {
                        break;
                    }
                    s = s * 19 + z;
                }
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int count = 40;
        int[] at = new int[count];
        int[] stops = new int[count];
        for (int e = 0; e < count; e++) {
            at[e] = e;
            // Before the first block's end, at a block's end, just past one, past the loop.
            int[] kinds = {5, 1023, 1024, 1025, 2047, 2048, 3071, 4096, 9000, n * 20};
            stops[e] = kinds[e % kinds.length] + (e / kinds.length) * 4096;
        }
        long[] out = nests(at, stops, n);
        long sum = 0;
        for (int e = 0; e < count; e++) {
            sum = sum * 7 + out[e];
            if (e % 8 == 0) {
                System.out.println("nest " + e + " " + out[e]);
            }
        }
        System.out.println("sum " + sum);
    }
}
