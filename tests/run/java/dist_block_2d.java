// Java twin of dist_block_2d.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Default partitioning of a rectangular matrix is (block, block); results assemble along
// both dimensions.
class Main {
    static int[][] addOne(int[][] m) {
        int cols = m.length > 0 ? m[0].length : 0;
        int[][] out = new int[m.length][cols];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] + 1;
            }
        }
        return out;
    }

    // A result of another element type than the partitioned matrix's.
    static long[][] widened(int[][] m) {
        int cols = m.length > 0 ? m[0].length : 0;
        long[][] out = new long[m.length][cols];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * 3000000000L;
            }
        }
        return out;
    }

    static long weighted(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                long gi = 0 + i;
                long gj = 0 + j;
                s += m[i][j] * (gi * 1000 + gj + 1);
            }
        }
        return s;
    }

    static int cells(double[][] m) {
        return m.length * 100 + m[0].length;
    }

    public static void main(String[] args) {
        int[][] shapes = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 5}, {8, 8}, {17, 9}, {64, 3}};
        for (int t = 0; t < shapes.length; t++) {
            int rows = shapes[t][0];
            int cols = shapes[t][1];
            int[][] m = new int[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    m[i][j] = i * cols + j;
                }
            }
            int[][] r = addOne(m);
            long[][] w = widened(m);
            long check = 0;
            for (int i = 0; i < r.length; i++) {
                for (int j = 0; j < r[i].length; j++) {
                    check = check * 7 + r[i][j] + w[i][j];
                }
            }
            System.out.println(rows + "x" + cols + ": " + r.length + "x" + r[0].length + " " + check + " "
                + weighted(m) + " " + cells(new double[rows][cols]) + " " + m[0][0]);
        }
    }
}
