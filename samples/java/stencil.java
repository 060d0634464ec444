// Java twin of stencil.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Stencils with views, `sync` and double buffering, after SOMD paper (000) Listing 11.
//
// `dist(view = <1,1>)` gives each MI one halo cell on each side where a neighbour
// partition exists, so the loop `for (i = 1; i < a.length - 1; i++)` written for the whole
// array visits exactly the MI's interior cells. Each `sync` block ends with a barrier that
// refreshes the halos. The listing updates `G` in place while neighbours read it, which
// depends on the schedule (section 2.5); here every sweep reads one buffer and writes
// the other, so the output is exact for any number of MIs.
//
// Usage: stencil [N] [ITERATIONS]   (default N = 4096 for 1-D, 128 for 2-D; 20 iterations)

import java.util.Random;

class Stencil {

    // 1-D three-point smoothing. Returns the array after `iterations` double sweeps.
    static double[] smooth(double[] a, double[] b, int iterations) {
        for (int p = 0; p < iterations; p++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
                }
            }
            {
                for (int i = 1; i < b.length - 1; i++) {
                    a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0;
                }
            }
        }
        return a;
    }

    // 2-D five-point Jacobi relaxation on a (block, block) partition with a cross-shaped
    // view; returns the sum of the interior cells.
    static double relax(double[][] g,
                                  double[][] h, int iterations) {
        for (int p = 0; p < iterations; p++) {
            {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        h[i][j] = 0.25 * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]);
                    }
                }
            }
            {
                for (int i = 1; i < h.length - 1; i++) {
                    for (int j = 1; j < h[i].length - 1; j++) {
                        g[i][j] = 0.25 * (h[i - 1][j] + h[i + 1][j] + h[i][j - 1] + h[i][j + 1]);
                    }
                }
            }
        }
        double total = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                total += g[i][j];
            }
        }
        return total;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Random random = new Random(13);

        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextDouble();
        }
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = a[i];
        }
        double[] smoothed = smooth(a, b, iterations);
        double sum1 = 0;
        for (int i = 0; i < n; i++) {
            sum1 += smoothed[i];
        }

        int m = args.length > 0 ? Math.max(3, n / 32) : 128;
        double[][] g = new double[m][m];
        double[][] h = new double[m][m];
        for (int i = 0; i < m; i++) {
            g[i][0] = 1.0;
            h[i][0] = 1.0;
            g[i][m - 1] = 1.0;
            h[i][m - 1] = 1.0;
        }
        double interior = relax(g, h, iterations);

        System.out.println("stencil n=" + n + " m=" + m + " iterations=" + iterations);
        System.out.printf("1-D sum %.9f first %.9f middle %.9f%n", sum1, smoothed[1], smoothed[n / 2]);
        System.out.printf("2-D interior sum %.9f%n", interior);
    }
}
