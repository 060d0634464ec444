// Java twin of exc_descending_cells.somd: one MI, the rows in order, each row's columns
// from the last.
class Main {
    static int[][] look(int[][] m, int[] table) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = m[i].length - 1; j >= 0; j--) {
                out[i][j] = table[m[i][j]] + 1;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] table = new int[100];
        for (int k = 0; k < table.length; k++) table[k] = 3 * k + 1;
        int[][] m = new int[40][400];
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 400; j++) m[i][j] = (i + 7 * j) % 100;
        }
        int[][] r = look(m, table);
        System.out.println(r[1][1] + " " + r[39][399]);
        m[7][5] = 5000;
        m[7][390] = 6000;
        m[30][200] = 7000;
        r = look(m, table);
        System.out.println(r[1][1]);
    }
}
