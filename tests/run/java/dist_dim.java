// Java twin of dist_dim.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// and dist(dim = 2): only one dimension is partitioned; Somd.offset(a, d)
// and Somd.globalLength(a, d) give each MI its place.
class Main {
    // Column sums: partition the columns (dimension 2); every MI sees all rows.
    static long[] columnSums(long[][] m) {
        long[] out = new long[m[0].length];
        for (int j = 0; j < m[0].length; j++) {
            for (int i = 0; i < m.length; i++) {
                out[j] += m[i][j];
            }
        }
        return out;
    }

    // Row blocks (dimension 1): each row scaled by its global index.
    static long[][] scaleRows(long[][] m) {
        int cols = m.length > 0 ? m[0].length : 0;
        long[][] out = new long[m.length][cols];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * (0 + i + 1);
            }
        }
        return out;
    }

    static long columnWeights(long[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + j) + 0;
            }
        }
        return s + (m.length == m.length ? 0 : 1000000);
    }

    public static void main(String[] args) {
        int[] rowsList = {1, 2, 5, 9};
        int[] colsList = {1, 3, 8, 21};
        for (int a = 0; a < rowsList.length; a++) {
            int rows = rowsList[a];
            int cols = colsList[a];
            long[][] m = new long[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    m[i][j] = (i + 1) * (j + 2) - 3L * j;
                }
            }
            long[] sums = columnSums(m);
            long[][] scaled = scaleRows(m);
            long h = 0;
            for (int j = 0; j < sums.length; j++) {
                h = h * 13 + sums[j];
            }
            long g = 0;
            for (int i = 0; i < scaled.length; i++) {
                for (int j = 0; j < scaled[i].length; j++) {
                    g = g * 11 + scaled[i][j];
                }
            }
            System.out.println(rows + "x" + cols + " sums " + sums.length + " " + h + " scaled " + scaled.length + "x"
                + scaled[0].length + " " + g + " weights " + columnWeights(m));
        }
    }
}
