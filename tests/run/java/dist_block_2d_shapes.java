// Java twin of dist_block_2d_shapes.somd: a SOMD method runs as one method instance over the whole arrays.
// (block, block) partitions of matrices with few rows or few columns, on any number of
// threads: every MI gets at least one row and one column, so a body may read `m[0]` as
// Java's one call over the whole matrix does. Assembled results (more MIs than threads),
// a `reduce(+)` of cells, a method whose MIs each copy an array they write, and calls
// whose further `dist` arguments (a matrix of fewer rows, a shorter 1-D array) get a
// non-empty part in every MI too.
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

    // `b` has fewer rows than `a`: every MI still gets a row of each.
    static long two(int[][] a, int[][] b) {
        long s = 0;
        int ca = a[0].length;
        int cb = b[0].length;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < ca; j++) {
                s += a[i][j];
            }
        }
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < cb; j++) {
                s += 3 * b[i][j];
            }
        }
        return s;
    }

    // `y` is shorter than `x`: every MI still gets an element of `y` (`y[0]` is read).
    static long pair(int[] x, int[] y) {
        long s = y[0] < 0 ? 1 : 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        for (int i = 0; i < y.length; i++) {
            s += 7 * y[i];
        }
        return s;
    }

    // A 4 x 4 matrix beside a 1-D array of 7: 8 MIs fit the matrix, 7 (the array's cap)
    // do not; every MI still gets rows of `a` and an element of `y`.
    static long capped(int[][] a, int[] y) {
        long s = y[0] < 0 ? 1 : 0;
        int c = a[0].length;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < c; j++) {
                s += a[i][j];
            }
        }
        for (int i = 0; i < y.length; i++) {
            s += 5 * y[i];
        }
        return s;
    }

    // A further matrix split by rows only (`dist(dim = 1)`), with 3 rows.
    static long along(int[] x, int[][] m) {
        long s = m[0].length;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += 11 * m[i][j];
            }
        }
        return s - m[0].length;
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
        int[][] wide = new int[20][30];
        int[][] flat = new int[3][30];
        for (int i = 0; i < 20; i++) {
            for (int j = 0; j < 30; j++) {
                wide[i][j] = i + j;
                if (i < 3) {
                    flat[i][j] = i * j;
                }
            }
        }
        int[] x = new int[1000];
        int[] y = new int[3];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 13;
        }
        y[0] = 5;
        y[1] = 6;
        y[2] = 7;
        System.out.println("two " + two(wide, flat) + ", pair " + pair(x, y));
        int[][] square = new int[4][4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                square[i][j] = i * 4 + j;
            }
        }
        int[] seven = {1, 2, 3, 4, 5, 6, 7};
        System.out.println("capped " + capped(square, seven) + ", along " + along(x, flat));
    }
}
