// Java twin of exc_sad_bounds_minuend.somd: the inner `@` and its `min !` are one loop.
class Main {
    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < b.length; i++) {
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
        int[][] library = table(300, 40, 5);
        long[] ok = new long[300];
        int[][] t1 = table(300, 40, 3);
        for (int i = 0; i < 300; i++) ok[i] = best(t1[i], library);
        System.out.println(ok[0] + " " + ok[299]);
        int[][] t2 = table(300, 37, 3);
        long[] m = new long[300];
        for (int i = 0; i < 300; i++) m[i] = best(t2[i], library);
        System.out.println(m[0]);
    }
}
