// Java twin of exc_dist_rows_past_end.somd: one method instance over the whole matrix.
class Main {
    static long below(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
                if (i == m.length - 1 && j == 2) {
                    s += m[i + 1][j];
                }
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[9][11];
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 11; j++) {
                m[i][j] = i + j + 1;
            }
        }
        System.out.println(below(m));
    }
}
