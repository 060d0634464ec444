// Java twin of device_nested_slices.somd: each inner `@` and its `!` are one loop over the
// table's rows; `C.m !` folds from the first element, `min !` and `+ !` from the identity.
class Main {
    static long cell(int[] key, int[] row, int k) {
        long a = (key[0] + row[0] + k) & 0xffff;
        long b = (key[1] ^ row[1]) & 0xffff;
        return (a << 48) | (b << 32) | (1L << 16) | ((a + b) & 0xffffL);
    }

    static long mul(long x, long y) {
        long a = (x >>> 48) & 0xffffL;
        long b = (x >>> 32) & 0xffffL;
        long c = (x >>> 16) & 0xffffL;
        long d = x & 0xffffL;
        long e = (y >>> 48) & 0xffffL;
        long f = (y >>> 32) & 0xffffL;
        long g = (y >>> 16) & 0xffffL;
        long h = y & 0xffffL;
        return (((a * e + b * g) & 0xffffL) << 48) | (((a * f + b * h) & 0xffffL) << 32)
            | (((c * e + d * g) & 0xffffL) << 16) | ((c * f + d * h) & 0xffffL);
    }

    static long product(int[] key, int[][] table) {
        if (table.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        long r = cell(key, table[0], 0);
        for (int k = 1; k < table.length; k++) r = mul(r, cell(key, table[k], k));
        return r;
    }

    static long distance(int[] key, int[] row, int k) {
        return ((long) Math.abs(key[0] - row[0] - row[1]) << 32) | k;
    }

    static long nearest(int[] key, int[][] table) {
        long r = Long.MAX_VALUE;
        for (int k = 0; k < table.length; k++) r = Math.min(r, distance(key, table[k], k));
        return r;
    }

    static int mix(int[] key, int[] row) {
        return (key[0] * 0x9E3779B1) ^ (row[0] * 31 + row[1]);
    }

    static int sum(int[] key, int[][] table) {
        int s = 0;
        for (int k = 0; k < table.length; k++) s += mix(key, table[k]);
        return s;
    }

    static int[][] rows(int count, int seed) {
        int[][] out = new int[count][2];
        for (int i = 0; i < count; i++) {
            out[i][0] = (i * seed + 11) % 997;
            out[i][1] = (i * 7 + seed) % 1013;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] outers = {1, 257, 300};
        int[] inners = {1, 7, 1001};
        for (int a = 0; a < outers.length; a++) {
            for (int b = 0; b < inners.length; b++) {
                int[][] keys = rows(outers[a], 5);
                int[][] table = rows(inners[b], 3);
                long[] p = new long[keys.length];
                long[] q = new long[keys.length];
                int[] s = new int[keys.length];
                for (int i = 0; i < keys.length; i++) p[i] = product(keys[i], table);
                for (int i = 0; i < keys.length; i++) q[i] = nearest(keys[i], table);
                for (int i = 0; i < keys.length; i++) s[i] = sum(keys[i], table);
                long check = 0;
                for (int i = 0; i < p.length; i++) {
                    check = check * 31 + p[i];
                    check = check * 31 + q[i];
                    check = check * 31 + s[i];
                }
                System.out.println("outer " + outers[a] + " inner " + inners[b] + " first "
                    + p[0] + " " + q[0] + " " + s[0] + " check " + check);
            }
        }
    }
}
