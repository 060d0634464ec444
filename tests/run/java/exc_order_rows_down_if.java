class Main {
    static int[][] run(int[][] m, int[] t, boolean flag) {
        int[][] out = new int[m.length][m[0].length];
        if (flag) {
            for (int i = m.length - 1; i >= 0; i--) {
                for (int j = 0; j < m[i].length; j++) {
                    out[i][j] = t[m[i][j]] + 100 / m[i][j];
                }
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] m = new int[64][64];
        for (int i = 0; i < 64; i++) {
            for (int j = 0; j < 64; j++) {
                m[i][j] = (i + j) % 9 + 1;
            }
        }
        m[20][60] = 99;
        m[5][1] = 0;
        int[] t = new int[10];
        System.out.println(run(m, t, true)[0][0]);
    }
}
