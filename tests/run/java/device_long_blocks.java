// Java twin of device_long_blocks.somd: one MI over the whole arrays.
class Main {
    // Per element: loops of 60,000 to 140,000 steps (the long copy from 2^16) that leave
    // early by a `break` (before, at and after a block's end), skip by `continue`, step by
    // 3 up to an inclusive bound, down by 2 over a `long` index, down to an exclusive
    // bound, as a `while` loop stepped by its last statement, over a `long` index to an
    // `int` bound from below zero, and up and down by 3 to bounds near `int`'s ends.
    static long[] walks(int[] at, int[] stops, int n) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int e = at[p];
            int stop = stops[e];
            int reach = n + e * 997;
            int lane = e % 8;
            long s = e;
            for (int k = 0; k < reach; k++) {
                if (k == stop) {
                    break;
                }
                s = s * 31 + k;
            }
            for (int k = 0; k < reach; k++) {
                if ((k & 7) == lane) {
                    continue;
                }
                s = s * 17 + k;
            }
            for (int k = e - 3; k <= reach; k += 3) {
                s = s * 13 + k;
            }
            for (long k = reach + 5L * e; k >= -7; k -= 2) {
                s = s * 11 + k;
            }
            for (int k = reach; k > e; k--) {
                s ^= s * 7 + k;
            }
            int j = e;
            while (j < reach) {
                s = s * 5 + j;
                j += 5;
            }
            for (long k = -e - 2L; k < reach; k++) {
                s = s * 3 + k;
            }
            // Near the type's ends: where a step could wrap (`top` from MAX - 2) the copy
            // checking each iteration runs, else (MAX - 5) the copy in blocks; each loop
            // stops two short of its bound, so that no step wraps in Java either.
            int top = Integer.MAX_VALUE - 2 - 3 * (e % 2);
            for (int k = top - 200000 - 3 * e; k <= top; k += 3) {
                s = s * 3 + k;
            }
            int bottom = Integer.MIN_VALUE + 2 + 3 * (e % 2);
            for (int k = bottom + 200000 + 3 * e; k >= bottom; k -= 3) {
                s = s * 3 + k;
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
            int[] kinds = {5, 1023, 1024, 1025, 2048, 3071, 65535, 65536, 70000, n * 3};
            stops[e] = kinds[e % kinds.length] + (e / kinds.length) * 4096;
        }
        long[] out = walks(at, stops, n);
        long sum = 0;
        for (int e = 0; e < count; e++) {
            sum = sum * 7 + out[e];
            if (e % 8 == 0) {
                System.out.println("walk " + e + " " + out[e]);
            }
        }
        System.out.println("sum " + sum);
    }
}
