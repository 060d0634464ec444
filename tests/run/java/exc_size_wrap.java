// Java twin of exc_size_wrap.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] bump(int[][] m, int n) {
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j < n - 1; j++) {
                m[r][j] = m[r][j] + 1;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = new int[16][6];
        m[3][4] = 2;
        m = bump(m, 6);
        System.out.println(m[3][4] + " " + m[15][5] + " " + m[0][4]);
        m = bump(m, -2147483648);
        System.out.println(m[3][4]);
    }
}
