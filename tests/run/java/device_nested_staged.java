// Java twin of device_nested_staged.somd: each inner `@` and its `!` are one loop.
class Main {

    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i % b.length]);
        }
        return sum;
    }

    static long score(int[] tile, long[] weights, int[] cand, int k) {
        long s = sad(tile, cand) + weights[k % weights.length];
        return (s << 20) | k;
    }

    static long best(int[] tile, long[] weights, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) acc = Math.min(acc, score(tile, weights, library[k], k));
        return acc;
    }

    static long mark(int[] tile, int[] cand, int k) {
        int t = tile[tile.length - 1 - (k * 7) % tile.length];
        return ((long) (t ^ cand[0]) << 32) | (k & 0xffff);
    }

    static long later(long a, long b) {
        return (a & 0xffffffff00000000L) | ((a + b) & 0xffffffffL);
    }

    static long pick(int[] tile, int[][] library) {
        if (library.length == 0) throw new IllegalArgumentException("reduction of an empty array with a method");
        long acc = mark(tile, library[0], 0);
        for (int k = 1; k < library.length; k++) acc = later(acc, mark(tile, library[k], k));
        return acc;
    }

    static int[][] tiles(int count, int len, int seed) {
        int[][] out = new int[count][len];
        for (int t = 0; t < count; t++) {
            for (int p = 0; p < len; p++) {
                out[t][p] = (t * seed + p * 31 + (t ^ p) * 7 + seed * 11) % 256;
            }
        }
        return out;
    }

    static long[][] weights(int count, int len) {
        long[][] out = new long[count][len];
        for (int t = 0; t < count; t++) {
            for (int p = 0; p < len; p++) {
                out[t][p] = (t * 13 + p * 5) % 17;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] outers = {1, 300};
        int[] inners = {1, 1000};
        for (int a = 0; a < outers.length; a++) {
            for (int b = 0; b < inners.length; b++) {
                int[][] ts = tiles(outers[a], 64, 5);
                long[][] ws = weights(outers[a], 3);
                int[][] library = tiles(inners[b], 64, 3);
                long[] m = new long[ts.length];
                long[] p = new long[ts.length];
                for (int i = 0; i < ts.length; i++) {
                    m[i] = best(ts[i], ws[i], library);
                    p[i] = pick(ts[i], library);
                }
                long check = 0;
                for (int i = 0; i < m.length; i++) {
                    check = check * 31 + m[i];
                    check = check * 31 + p[i];
                }
                System.out.println("outer " + outers[a] + " inner " + inners[b] + " first "
                    + (m[0] >> 20) + " " + (m[0] & 0xfffff) + " " + p[0] + " check " + check);
            }
        }
    }
}
