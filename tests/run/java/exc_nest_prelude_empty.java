// Java twin of exc_nest_prelude_empty.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] next(int[][] m, int[][] n, int[] d) {
        int first = 0;
        for (int i = 0; i < m.length; i++) {
            int[] below = n[first + i + 1];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += below[j % below.length] + d[(first + i) * 6 + j];
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] n = new int[4][3];
        for (int y = 0; y < 4; y++) {
            for (int z = 0; z < 3; z++) {
                n[y][z] = y * 10 + z;
            }
        }
        int[] d = new int[18];
        for (int k = 0; k < 18; k++) {
            d[k] = k * k;
        }
        int[][] ok = next(new int[3][6], n, d);
        System.out.println(ok[0][0] + " " + ok[2][5]);
        int[][] none = next(new int[6][0], n, d);
        System.out.println(none.length);
    }
}
