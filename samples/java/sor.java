// Java twin of sor.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// JavaGrande SOR (section 2), written as in SOMD paper (000) Listing 11 and section 7.1:
// the matrix is partitioned (block, block) with a one-cell cross-shaped view, the
// iteration loop has partition-independent bounds and its body is `sync` blocks, and the
// result is reduced with `+`.
//
// The paper describes the benchmark as Jacobi's over-relaxation: each sweep reads one
// buffer and writes the other (double buffering), so the result does not depend on how
// many MIs run or how they are scheduled (section 2.5). Jacobi iteration diverges for
// JavaGrande's Gauss-Seidel factor 1.25, so this version relaxes with 0.8.
//
// Usage: sor [N] [ITERATIONS]   (default N = 100, 100 iterations as in JavaGrande)

import java.util.Random;

class SOR {

    static final double OMEGA = 0.8;

    static double sor(double[][] g,
                                double[][] next, int iterations) {
        double omegaOverFour = OMEGA * 0.25;
        double oneMinusOmega = 1.0 - OMEGA;
        for (int p = 0; p < iterations; p++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        next[i][j] = omegaOverFour * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1])
                            + oneMinusOmega * g[i][j];
                    }
                }
            }
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        g[i][j] = next[i][j];
                    }
                }
            }
        }
        double gTotal = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                gTotal += g[i][j];
            }
        }
        return gTotal;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Random random = new Random(10101010);
        double[][] g = new double[n][n];
        double[][] next = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = random.nextDouble() * 1e-6;
                next[i][j] = g[i][j];
            }
        }

        double gTotal = sor(g, next, iterations);

        System.out.println("sor n=" + n + " iterations=" + iterations);
        System.out.printf("Gtotal %.12e%n", gTotal);
    }
}
