// Java twin of exc_offset_start.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] diffsFrom(int[][] m, int from) {
        int[][] d = new int[m.length][m[0].length];
        for (int r = 0; r < m.length; r++) {
            for (int j = from; j + 1 < m[0].length; j++) {
                d[r][j] = m[r][j + 1] - m[r][j];
            }
        }
        return d;
    }

    public static void main(String[] args) {
        int[][] m = new int[8][100];
        int[][] d = diffsFrom(m, 3);
        System.out.println(d[0][0]);
        d = diffsFrom(m, Integer.MAX_VALUE);
        System.out.println(d[0][0]);
    }
}
