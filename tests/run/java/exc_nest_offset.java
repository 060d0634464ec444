// Java twin of exc_nest_offset.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] lookup(int[][] m, int[] t) {
        for (int i = 0; i < m.length; i++) {
            for (int j = -1; j < m[0].length - 1; j++) {
                m[i][j + 1] = t[m[i][j + 1]] * 2;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = new int[6][300];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 300; j++) {
                m[i][j] = (i + j) % 10;
            }
        }
        m[0][200] = 77;
        m[3][0] = 55;
        int[] t = new int[10];
        for (int k = 0; k < 10; k++) {
            t[k] = k * k;
        }
        m = lookup(m, t);
        System.out.println(m[0][0]);
    }
}
