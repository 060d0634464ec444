// Java twin of device_sad_held.somd: the inner `@` and its `min !` are one loop.
class Main {

    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    // `sad` again: a parameter takes one array flow (key's and the library's are two).
    static int sadk(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    static int sad2(int[] a, int[] b) {
        int s = 3;
        for (int j = 0; j < b.length; j++) {
            s = s + Math.abs(a[j] - b[j]);
        }
        return s;
    }

    static long candidate(int[] tile, int[] key, int[] row, int k) {
        return ((long) (sad(tile, row) * 5 + sadk(tile, key) + (sad2(row, tile) ^ 2)) << 20) ^ k;
    }

    static long best(int[] tile, int[] key, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) acc = Math.min(acc, candidate(tile, key, library[k], k));
        return acc;
    }

    static int[][] table(int count, int len, int seed) {
        int[][] out = new int[count][len];
        for (int t = 0; t < count; t++) {
            int base = (int) (((long) t * seed * 2654435761L) % 256);
            for (int p = 0; p < len; p++) {
                out[t][p] = (int) ((base + (long) p * 7919 + (t ^ p) * 31L) % 256);
            }
        }
        return out;
    }

    static void run(String what, int tileLen, int rowLen, int tiles, int rows) {
        int[][] t = table(tiles, tileLen, 5 + tileLen);
        int[][] k = table(tiles, tileLen, 9 + rowLen);
        int[][] lib = table(rows, rowLen, 3 + rowLen);
        long[] m = new long[tiles];
        for (int i = 0; i < tiles; i++) m[i] = best(t[i], k[i], lib);
        long check = 0;
        for (int i = 0; i < m.length; i++) {
            check = check * 31 + m[i];
        }
        System.out.println(what + " first " + m[0] + " last " + m[m.length - 1] + " check " + check);
    }

    public static void main(String[] args) {
        run("held 64", 64, 64, 300, 400);
        run("held 79", 79, 79, 260, 300);
        run("held 48", 48, 48, 300, 500);
        run("held 5", 5, 5, 300, 300);
        run("held 64 of 70", 64, 70, 280, 300);
        run("not held 80", 80, 80, 260, 300);
        run("not held 96", 96, 96, 200, 300);
    }
}
