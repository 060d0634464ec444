// Java twin of exc_static_row_length.somd.
class Main {
    static final int[][] EMPTY = new int[0][0];

    static int[][] widened(int[][] m) {
        int[][] r = new int[m.length][2];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < EMPTY[0].length; j++) {
                r[i][j] = m[i][j] + 1;
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] m = new int[300][2];
        System.out.println(m.length);
        int[][] r = widened(m);
        System.out.println(r[2][1]);
    }
}
