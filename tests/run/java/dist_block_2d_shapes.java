// Java twin of dist_block_2d_shapes.somd: a SOMD method runs as one method instance over the whole arrays.
// (block, block) partitions of matrices with few rows or few columns, on any number of
// threads: every MI gets at least one row and one column, so a body may read `m[0]` as
// Java's one call over the whole matrix does. Assembled results (more MIs than threads),
// a `reduce(+)` of cells, and a method whose MIs each copy an array they write.
class Main {
    static double[][] scale(double[][] m, double f) {
        double[][] t = new double[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                t[i][j] = m[i][j] * f;
            }
        }
        return t;
    }

    static long weighted(int[][] m) {
        long s = 0;
        int cols = m[0].length;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < cols; j++) {
                long gi = 0 + i;
                long gj = 0 + j;
                s += m[i][j] * (gi * 1000 + gj + 1);
            }
        }
        return s;
    }

    // Writes its scratch array (copied per MI), so one MI per thread.
    static int widest(int[][] m, int[] scratch) {
        scratch[0] = m[0].length;
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                best = Math.max(best, m[i][j] + scratch[0] - m[0].length);
            }
        }
        return best;
    }

    public static void main(String[] args) {
        int[][] shapes = {{20, 30}, {3, 1000}, {4, 100}, {1, 7}, {2, 3}, {7, 3}, {5, 1}, {37, 2}, {1, 1}};
        int[] scratch = new int[1];
        for (int s = 0; s < shapes.length; s++) {
            int r = shapes[s][0];
            int c = shapes[s][1];
            double[][] d = new double[r][c];
            int[][] m = new int[r][c];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    d[i][j] = i + j * 0.5;
                    m[i][j] = (i * 31 + j * 17) % 101;
                }
            }
            double[][] t = scale(d, 2.0);
            double sum = 0;
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    sum += t[i][j];
                }
            }
            System.out.println(r + " x " + c + ": scaled " + t.length + " x " + t[0].length
                + " sum " + sum + ", weighted " + weighted(m) + ", widest " + widest(m, scratch));
        }
    }
}
