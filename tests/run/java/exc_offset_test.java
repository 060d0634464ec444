// Java twin of exc_offset_test.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] shiftLeft(int[][] m, int w) {
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j + 1 < w; j++) {
                m[r][j] = m[r][j + 1] * 2;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = new int[16][5];
        for (int r = 0; r < 16; r++) {
            for (int c = 0; c < 5; c++) m[r][c] = r + c;
        }
        m = shiftLeft(m, 5);
        System.out.println(m[0][0] + " " + m[7][3] + " " + m[15][4]);
        m = shiftLeft(m, 6);
        System.out.println(m[0][0]);
    }
}
