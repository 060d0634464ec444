// Java twin of exc_descending_rows.somd: one MI, the loops in order.
class Main {
    static int[][] look(int[][] m, int[] table) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = m.length - 1; i >= 0; i--) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = table[m[i][j]] - 50;
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
        m[3][63] = 5000;
        m[60][0] = 6000;
        r = look(m, table);
        System.out.println(r[1][1]);
    }
}
