// Java twin of montecarlo.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Monte Carlo approximation of pi, after Fumero et al. (001) Listing 6: every seed drives
// its own pseudo-random generator, which throws `iterations` points into the unit square
// and counts those inside the quarter circle. The per-seed counts come from a map `@`
// and are added with `+ !`; a SOMD method with `reduce(+)` computes the same total from a
// `dist` array of seeds.
//
// The generator is a 32-bit xorshift on `int`, so counts are exact on every backend.
//
// Usage: montecarlo [SEEDS] [ITERATIONS]   (default 1024 seeds, 1000 points each)

import java.util.Random;

class MonteCarlo {

    static int next(int state) {
        int s = state;
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        return s;
    }

    // A float in [0, 1) from the high 24 bits of the state.
    static float unit(int state) {
        return (state >>> 8) / 16777216.0f;
    }

    static int hits(int seed, int iterations) {
        int state = seed == 0 ? 1 : seed;
        int inside = 0;
        for (int i = 0; i < iterations; i++) {
            state = next(state);
            float x = unit(state);
            state = next(state);
            float y = unit(state);
            if (x * x + y * y <= 1.0f) {
                inside++;
            }
        }
        return inside;
    }

    static long totalHits(int[] seeds, int iterations) {
        long total = 0;
        for (int i = 0; i < seeds.length; i++) {
            total += hits(seeds[i], iterations);
        }
        return total;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Random random = new Random(31415);
        int[] seeds = new int[n];
        for (int i = 0; i < n; i++) {
            seeds[i] = random.nextInt();
        }

        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            counts[i] = hits(seeds[i], iterations);
        }
        int inside = 0;
        int fewest = Integer.MAX_VALUE;
        int most = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            inside += counts[i];
            fewest = Math.min(fewest, counts[i]);
            most = Math.max(most, counts[i]);
        }
        long insideSomd = totalHits(seeds, iterations);

        double pi = 4.0 * inside / ((double) n * iterations);
        System.out.println("montecarlo seeds=" + n + " iterations=" + iterations);
        System.out.println("inside " + inside + " (SOMD " + insideSomd + ")");
        System.out.println("per seed min " + fewest + " max " + most);
        System.out.printf("pi ~ %.6f%n", pi);
    }
}
