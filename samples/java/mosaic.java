// Java twin of mosaic.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Mosaic, after the Lime paper (003) section 6: every tile of a reference image is
// compared with every tile of a library with a scoring function, and the best-matching
// library tile is chosen. Tiles are value arrays (`int[]`, one grey level per pixel);
// the library is an `int[][]`. Matching is a map of a map: `@ bestMatch` over the
// reference tiles with the library broadcast, and inside it `@ candidate` over the
// library with the tile broadcast and `Somd.range` supplying each library index. The best
// candidate is chosen with the method reduction `Mosaic.better !`; statistics use `+ !`,
// `min !` and `max !`.
//
// Usage: mosaic [TILES] [LIBRARY]   (default 64 reference tiles, 256 library tiles)

import java.util.Random;

class Mosaic {

    static final int TILE = 8;

    // Sum of absolute differences between two tiles of equal size.
    static int score(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    // A candidate packs the score in the high 32 bits and the library index in the low
    // 32 bits, so the smaller candidate is the better match (lowest index on ties).
    static long candidate(int[] tile, int[] libraryTile, int index) {
        return ((long) score(tile, libraryTile) << 32) | index;
    }

    static long better(long a, long b) {
        return a <= b ? a : b;
    }

    static long bestMatch(int[] tile, int[][] library) {
        long best = candidate(tile, library[0], 0);
        for (int i = 1; i < library.length; i++) {
            best = better(best, candidate(tile, library[i], i));
        }
        return best;
    }

    static int indexOf(long candidate) {
        return (int) (candidate & 0xffffffffL);
    }

    static int scoreOf(long candidate) {
        return (int) (candidate >>> 32);
    }

    static int[][] randomTiles(long seed, int count) {
        Random random = new Random(seed);
        int[][] tiles = new int[count][TILE * TILE];
        for (int t = 0; t < count; t++) {
            int base = random.nextInt(256);
            for (int p = 0; p < TILE * TILE; p++) {
                tiles[t][p] = Math.min(255, Math.max(0, base + random.nextInt(33) - 16));
            }
        }
        return tiles;
    }

    public static void main(String[] args) {
        int tileCount = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int libraryCount = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        int[][] reference = randomTiles(600, tileCount);
        int[][] library = randomTiles(601, libraryCount);

        long[] matches = new long[reference.length];
        int[] chosen = new int[reference.length];
        int[] scores = new int[reference.length];
        for (int t = 0; t < reference.length; t++) {
            matches[t] = bestMatch(reference[t], library);
            chosen[t] = indexOf(matches[t]);
            scores[t] = scoreOf(matches[t]);
        }
        int totalScore = 0;
        int bestScore = Integer.MAX_VALUE;
        int worstScore = Integer.MIN_VALUE;
        for (int t = 0; t < scores.length; t++) {
            totalScore += scores[t];
            bestScore = Math.min(bestScore, scores[t]);
            worstScore = Math.max(worstScore, scores[t]);
        }

        long checksum = 0;
        for (int t = 0; t < chosen.length; t++) {
            checksum = checksum * 257 + chosen[t];
        }
        System.out.println("mosaic tiles=" + tileCount + " library=" + libraryCount);
        System.out.println("first matches " + chosen[0] + " " + chosen[1] + " " + chosen[2]);
        System.out.println("total score " + totalScore + " best " + bestScore + " worst " + worstScore);
        System.out.println("checksum " + checksum);
    }
}
