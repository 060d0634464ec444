// Java twin of device_narrow.somd: the inner `@` and its `min !` are one loop.
class Main {

    static int term(int[] a, int[] b, int[] w) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]) * w[i % w.length] + (a[i] >> 3) - (b[i] ^ 5);
        }
        return sum;
    }

    static long score(int[] tile, int[] cand, int[] w, int k) {
        return ((long) term(tile, cand, w) << 20) ^ k;
    }

    static long best(int[] tile, int[][] library, int[] w) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) acc = Math.min(acc, score(tile, library[k], w, k));
        return acc;
    }

    static int[][] table(int count, int len, int lo, int span, int seed) {
        int[][] out = new int[count][len];
        for (int t = 0; t < count; t++) {
            for (int p = 0; p < len; p++) {
                out[t][p] = lo + (int) (((long) t * seed + (long) p * 7919 + (t ^ p) * 31L) % span);
            }
        }
        return out;
    }

    static long run(String what, int[][] tiles, int[][] library, int[] w) {
        long[] m = new long[tiles.length];
        for (int i = 0; i < tiles.length; i++) m[i] = best(tiles[i], library, w);
        long check = 0;
        for (int i = 0; i < m.length; i++) {
            check = check * 31 + m[i];
        }
        System.out.println(what + " first " + m[0] + " last " + m[m.length - 1] + " check " + check);
        return check;
    }

    public static void main(String[] args) {
        int[] w = {1, 2, 3};
        int[] wide = {1, -70000, 3};
        run("uchar", table(300, 64, 0, 256, 5), table(500, 64, 0, 256, 3), w);
        run("char", table(300, 64, -128, 256, 5), table(500, 64, -128, 256, 3), w);
        run("ushort", table(300, 16, 0, 65536, 5), table(500, 16, 0, 65536, 3), w);
        run("short", table(300, 16, -1, 258, 5), table(500, 16, -32768, 65536, 3), w);
        int[][] big = table(300, 16, 0, 256, 5);
        big[17][3] = Integer.MIN_VALUE;
        big[18][4] = 65536;
        run("int", big, table(500, 16, 0, 256, 3), wide);
        run("mixed", table(1, 64, 0, 256, 5), table(1000, 64, -1, 257, 7), w);
    }
}
