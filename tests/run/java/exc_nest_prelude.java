// Java twin of exc_nest_prelude.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] shift(int[][] m, int[] d) {
        int first = 0;
        for (int i = 0; i < m.length; i++) {
            int[] row = m[i];
            int k = first + i;
            for (int j = 0; j < row.length; j++) {
                row[j] = row[j] + d[k * k + j];
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = new int[6][6];
        int[] d = new int[20];
        for (int n = 0; n < 20; n++) {
            d[n] = n * 3;
        }
        int[][] ok = shift(new int[4][6], d);
        System.out.println(ok[0][0] + " " + ok[3][5]);
        int[][] bad = shift(m, d);
        System.out.println(bad[0][0]);
    }
}
