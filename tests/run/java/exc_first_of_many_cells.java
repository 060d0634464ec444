// Java twin of exc_first_of_many_cells.somd: one MI, loops in order.
// A matrix split into cells (`block, block` MIs on the CPU, a 2-D NDRange on a device)
// with failures in several cells: Java's row-major loop meets row 2's read (in the right
// half) before row 40's (in the left half), and the division after the loop, which fails
// in every MI whose cell has no failing element, is never reached. Every placement reports
// row 2's read, whatever the grid of cells and their partition order.
class Main {
    static int[][] lookup(int[][] m, int[] table) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = table[m[i][j]];
            }
        }
        int z = 100 / (out[0][0] - table[m[0][0]]);
        out[0][0] += z;
        return out;
    }

    static int[][] fill(int rows, int cols) {
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i * cols + j) % 100;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[] table = new int[100];
        for (int k = 0; k < table.length; k++) table[k] = k * k;
        int[][] m = fill(64, 64);
        m[2][50] = 600;
        m[40][5] = 500;
        int[][] r = lookup(m, table);
        System.out.println(r[1][1]);
    }
}
