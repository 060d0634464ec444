// Java twin of kmeans.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// K-Means clustering, after Fumero et al. (001) section 7 and Listing 7: step 1 maps
// "nearest centre" over the points with `@` (centres broadcast), step 2 recomputes the
// centres from per-cluster sums computed by a SOMD method whose partial results are
// combined by the user reduction `reduce(ClusterSums)`.
//
// Coordinates are integers and sums are `long`, so every step is exact and the result
// does not depend on the number of MIs or on the order of combination.
//
// Usage: kmeans [N] [K] [ITERATIONS]   (default 20000 points, 8 clusters, 10 iterations)

import java.util.Random;

final class Point {
    boolean eq(Point o) {
        return x == o.x && y == o.y;
    }

    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class ClusterSums {
    // Element-wise sum of two partial (sum x, sum y, count) tables.
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class KMeans {

    // The index of the centre nearest to `p` (the lowest index on ties).
    static int[] mapNearest(Point[] points, Point[] centres) {
        int[] r = new int[points.length];
        for (int i = 0; i < points.length; i++) {
            r[i] = nearest(points[i], centres);
        }
        return r;
    }

    static boolean equal(Point[] a, Point[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!a[i].eq(b[i])) {
                return false;
            }
        }
        return true;
    }

    static int nearest(Point p, Point[] centres) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int c = 0; c < centres.length; c++) {
            long dx = p.x - centres[c].x;
            long dy = p.y - centres[c].y;
            long d = dx * dx + dy * dy;
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best;
    }

    // Per cluster c: entries 3c, 3c+1, 3c+2 hold the sum of x, the sum of y and the count.
    static long[] clusterSums(Point[] points, int[] membership, int k) {
        long[] sums = new long[3 * k];
        for (int i = 0; i < points.length; i++) {
            int c = membership[i];
            sums[3 * c] += points[i].x;
            sums[3 * c + 1] += points[i].y;
            sums[3 * c + 2] += 1;
        }
        return sums;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Random random = new Random(7);

        Point[] pointArray = new Point[n];
        for (int i = 0; i < n; i++) {
            int cluster = random.nextInt(k);
            int x = cluster * 1000 + (int) (random.nextGaussian() * 150.0);
            int y = (cluster % 3) * 1000 + (int) (random.nextGaussian() * 150.0);
            pointArray[i] = new Point(x, y);
        }
        Point[] points = pointArray.clone();

        Point[] centreArray = new Point[k];
        for (int c = 0; c < k; c++) {
            centreArray[c] = pointArray[c];
        }
        Point[] centres = centreArray.clone();
        int[] membership = mapNearest(points, centres);

        for (int it = 0; it < iterations; it++) {
            long[] sums = clusterSums(points, membership, k);
            for (int c = 0; c < k; c++) {
                long count = sums[3 * c + 2];
                if (count > 0) {
                    centreArray[c] = new Point((int) (sums[3 * c] / count), (int) (sums[3 * c + 1] / count));
                }
            }
            Point[] next = centreArray.clone();
            if (equal(next, centres)) {
                System.out.println("converged after " + it + " iterations");
                break;
            }
            centres = next;
            membership = mapNearest(points, centres);
        }

        int[] sizes = new int[k];
        for (int i = 0; i < n; i++) {
            sizes[membership[i]]++;
        }
        System.out.println("kmeans n=" + n + " k=" + k);
        for (int c = 0; c < k; c++) {
            System.out.println("centre " + c + ": (" + centres[c].x + ", " + centres[c].y + ") size " + sizes[c]);
        }
    }
}
