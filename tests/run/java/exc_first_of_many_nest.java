// Java twin of exc_first_of_many_nest.somd: one MI, loops in order.
// A 2-D nest over a matrix (a 2-D NDRange on a device, `block, block` cells on the CPU)
// failing at many elements: Java's row-major loop meets row 2's read in the right half
// first, before row 7's in the left half and before every element of rows 30 and on.
class Main {
    static int[][] lookup(int[][] m, int[] table) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = table[m[i][j]];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] table = new int[100];
        for (int k = 0; k < table.length; k++) table[k] = k * k;
        int rows = 256;
        int cols = 512;
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i * cols + j) % 100;
            }
        }
        int[][] r = lookup(m, table);
        System.out.println(r[1][1] + " " + r[rows - 1][cols - 1]);
        for (int i = 30; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = 100 + j;
            }
        }
        m[7][3] = 500;
        m[2][400] = 600;
        r = lookup(m, table);
        System.out.println(r[0][0]);
    }
}
