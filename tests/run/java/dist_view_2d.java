// Java twin of dist_view_2d.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// 2-D views: a cross-shaped view (no corners) and a polyview (with corners), on a
// (block, block) partition.
class Main {
    static long cross(long[][] g) {
        long s = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                s += (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4 * g[i][j])
                    * (0 + i + 3 * (0 + j));
            }
        }
        return s;
    }

    static long box(long[][] g) {
        long s = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                long around = 0;
                for (int di = -1; di <= 1; di++) {
                    for (int dj = -1; dj <= 1; dj++) {
                        around += g[i + di][j + dj];
                    }
                }
                s += around * (0 + i + 1) - g[i][j];
            }
        }
        return s;
    }

    static long[][] laplace(long[][] g) {
        int cols = g.length > 0 ? g[0].length : 0;
        long[][] out = new long[g.length][cols];
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                out[i][j] = g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4 * g[i][j];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] sizes = {3, 4, 6, 11, 30};
        for (int t = 0; t < sizes.length; t++) {
            int n = sizes[t];
            int m = n + 2;
            long[][] g = new long[n][m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    g[i][j] = (i * 7L + j * j * 3L) % 13;
                }
            }
            long[][] l = laplace(g);
            long h = 0;
            for (int i = 0; i < l.length; i++) {
                for (int j = 0; j < l[i].length; j++) {
                    h = h * 5 + l[i][j];
                }
            }
            System.out.println(n + "x" + m + ": cross " + cross(g) + " box " + box(g) + " laplace " + l.length + "x"
                + l[0].length + " " + h);
        }
    }
}
