// Java twin of device_sad_staged.somd: the inner `@` and its `min !` are one loop.
class Main {

    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    static int sad2(int[] a, int[] b) {
        int s = 0;
        for (int j = 0; j < b.length; j++) {
            s += Math.abs(b[j] - a[j]);
        }
        return s;
    }

    static long candidate(int[] tile, int[] key, int[] row, int k) {
        return ((long) (sad(tile, key) + 3 * sad2(tile, row)) << 24) ^ k;
    }

    static long best(int[] tile, int[] key, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) acc = Math.min(acc, candidate(tile, key, library[k], k));
        return acc;
    }

    static int[][] table(int count, int len, int lo, int span, int seed) {
        int[][] out = new int[count][len];
        for (int t = 0; t < count; t++) {
            int base = (int) (((long) t * seed * 2654435761L) % span);
            for (int p = 0; p < len; p++) {
                out[t][p] = lo + (int) ((base + (long) p * 7919 + (t ^ p) * 31L) % span);
            }
        }
        return out;
    }

    static void run(String what, int[][] tiles, int[][] keys, int[][] library) {
        long[] m = new long[tiles.length];
        for (int i = 0; i < tiles.length; i++) m[i] = best(tiles[i], keys[i], library);
        long check = 0;
        for (int i = 0; i < m.length; i++) {
            check = check * 31 + m[i];
        }
        System.out.println(what + " first " + m[0] + " last " + m[m.length - 1] + " check " + check);
    }

    public static void main(String[] args) {
        run("uchar 64", table(300, 64, 0, 256, 5), table(300, 64, 0, 250, 9), table(200, 64, 0, 256, 3));
        run("uchar 37", table(300, 37, 0, 256, 7), table(300, 45, 0, 250, 13), table(200, 37, 0, 256, 11));
        run("uchar 16", table(260, 16, 0, 256, 13), table(260, 16, 0, 250, 15), table(300, 16, 0, 256, 17));
        run("uchar 5", table(300, 5, 0, 256, 19), table(300, 5, 0, 250, 21), table(100, 5, 0, 256, 23));
        run("int 37", table(300, 37, -1000, 100000, 7), table(300, 37, -1000, 99991, 25),
            table(200, 37, -1000, 100000, 11));
    }
}
