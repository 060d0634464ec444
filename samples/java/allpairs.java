// Java twin of allpairs.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// All-Pairs distance, the benchmark of the Parakeet paper (004) section 6 besides
// Black-Scholes: the Euclidean distance between every pair of vectors of two lists, after
// the kernel of the K-Means implementation in STAMP. Parakeet's C listing (figure
// "C All-Pairs Distance Code") sums the squared differences of the two vectors in
// dimension order and takes the square root; the Q listing is `xs dist/:\: ys`, a map over
// each left and each right element.
//
// The vectors are the rows of two `float` matrices. `xs` is partitioned by rows
// (`dist(dim = 1)`), `ys` goes whole to every method instance, and row `i` of the result
// holds the distances of `xs[i]` to every row of `ys`, so the default assembly stacks the
// instances' rows. Each distance sums in `float` in dimension order, so the result does not
// depend on the number of MIs.
//
// Usage: allpairs [N] [M] [DIMS]   (default 100 x 80 vectors of 16 floats)

import java.util.Random;

class AllPairs {

    // The distance of every row of `xs` to every row of `ys`.
    static float[][] distances(float[][] xs, float[][] ys) {
        float[][] out = new float[xs.length][ys.length];
        for (int i = 0; i < xs.length; i++) {
            float[] x = xs[i];
            float[] row = out[i];
            for (int j = 0; j < ys.length; j++) {
                float[] y = ys[j];
                float sum = 0.0f;
                for (int k = 0; k < x.length; k++) {
                    float d = x[k] - y[k];
                    sum += d * d;
                }
                row[j] = (float) Math.sqrt(sum);
            }
        }
        return out;
    }

    static float[][] vectors(Random random, int count, int dims) {
        float[][] v = new float[count][dims];
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < dims; k++) {
                v[i][k] = random.nextFloat() * 2.0f - 1.0f;
            }
        }
        return v;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int m = args.length > 1 ? Integer.parseInt(args[1]) : 80;
        int dims = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        Random random = new Random(2011);
        float[][] xs = vectors(random, n, dims);
        float[][] ys = vectors(random, m, dims);

        float[][] d = distances(xs, ys);

        double total = 0;
        float nearest = d[0][0];
        float farthest = d[0][0];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                total += d[i][j];
                nearest = Math.min(nearest, d[i][j]);
                farthest = Math.max(farthest, d[i][j]);
            }
        }
        System.out.println("allpairs xs=" + n + " ys=" + m + " dims=" + dims);
        System.out.printf("first %.6e last %.6e%n", d[0][0], d[n - 1][m - 1]);
        System.out.printf("nearest %.6e farthest %.6e%n", nearest, farthest);
        System.out.printf("total %.6e%n", total);
    }
}
