// Java twin of exc_first_of_many_rows.somd: one MI, loops in order.
// A loop over the rows of a matrix split into cells, its bound a local set to the row
// count: Java's row-major loop meets row 0's read (in the last column) before row 5's (in
// the first), although the cell holding row 5's element comes first in partition order
// on some grids. Every placement reports row 0's.
class Main {
    static int[][] look(int[][] m, int[] table) {
        int rows = m.length;
        int[][] out = new int[rows][m[0].length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = table[m[i][j]];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] table = new int[100];
        for (int k = 0; k < table.length; k++) table[k] = 3 * k + 1;
        int[][] m = new int[64][64];
        for (int i = 0; i < 64; i++) {
            for (int j = 0; j < 64; j++) m[i][j] = (i + 7 * j) % 100;
        }
        int[][] r = look(m, table);
        System.out.println(r[1][1] + " " + r[63][63]);
        m[5][0] = 5000;
        m[0][63] = 6000;
        r = look(m, table);
        System.out.println(r[1][1]);
    }
}
