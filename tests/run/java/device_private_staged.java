// Java twin of device_private_staged.somd: value arrays are plain arrays, `@` and `!` loops.
class Main {

    static void count(int[] h, int[] row, int shift) {
        for (int i = 0; i < row.length; i++) {
            h[(row[i] >> shift) & 7] += 1 + i % 3;
        }
    }

    // Two levels: passes both on.
    static void countBoth(int[] h, int[] tile, int[] cand) {
        count(h, tile, 0);
        count(h, cand, 2);
    }

    static long score(int[] tile, int[] cand, int k) {
        int[] h = new int[8];
        countBoth(h, tile, cand);
        long s = 0;
        for (int b = 0; b < h.length; b++) {
            s = s * 7 + h[b];
        }
        return (s << 12) ^ k;
    }

    static long best(int[] tile, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) {
            acc = Math.min(acc, score(tile, library[k], k));
        }
        return acc;
    }

    static int sadTally(int[] a, int[] b, int[] h) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        h[sum & 7] += 1;
        return sum;
    }

    static long candidate(int[] tile, int[] row, int k) {
        int[] h = new int[8];
        int s = sadTally(tile, row, h) * 3 + sadTally(row, tile, h);
        return ((long) (s + h[s & 7]) << 20) ^ k;
    }

    static long bestSad(int[] tile, int[][] library) {
        long acc = Long.MAX_VALUE;
        for (int k = 0; k < library.length; k++) {
            acc = Math.min(acc, candidate(tile, library[k], k));
        }
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

    public static void main(String[] args) {
        int[] outers = {1, 300};
        int[] inners = {1, 700};
        for (int a = 0; a < outers.length; a++) {
            for (int b = 0; b < inners.length; b++) {
                int[][] ts = tiles(outers[a], 48, 5);
                int[][] library = tiles(inners[b], 48, 3);
                long[] m = new long[ts.length];
                long[] d = new long[ts.length];
                for (int i = 0; i < ts.length; i++) {
                    m[i] = best(ts[i], library);
                    d[i] = bestSad(ts[i], library);
                }
                long check = 0;
                for (int i = 0; i < m.length; i++) {
                    check = check * 31 + m[i];
                    check = check * 31 + d[i];
                }
                System.out.println("outer " + outers[a] + " inner " + inners[b] + " first "
                    + (m[0] >> 12) + " " + (m[0] & 0xfff) + " check " + check);
            }
        }
    }
}
