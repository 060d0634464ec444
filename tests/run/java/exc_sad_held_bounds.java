// Java twin of exc_sad_held_bounds.somd: the inner `@` and its `min !` are one loop.
class Main {
    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    static long candidate(int[] tile, int[] row, int k) {
        return ((long) sad(tile, row) << 32) | k;
    }

    static long best(int[] tile, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) acc = Math.min(acc, candidate(tile, library[k], k));
        return acc;
    }

    static int[][] table(int count, int len, int seed) {
        int[][] out = new int[count][len];
        for (int t = 0; t < count; t++) {
            for (int p = 0; p < len; p++) {
                out[t][p] = (t * seed + p * 13) % 256;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] tiles = table(300, 64, 3);
        long[] ok = new long[300];
        int[][] l1 = table(300, 64, 5);
        for (int i = 0; i < 300; i++) ok[i] = best(tiles[i], l1);
        System.out.println(ok[0] + " " + ok[299]);
        int[][] l2 = table(300, 48, 5);
        long[] m = new long[300];
        for (int i = 0; i < 300; i++) m[i] = best(tiles[i], l2);
        System.out.println(m[0]);
    }
}
