// Java twin of exc_row_index.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] shift(int[][] g, int[][] h, int k) {
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < h[k].length; j++) {
                g[i][j] = g[i][j] + h[k][j];
            }
        }
        return g;
    }

    public static void main(String[] args) {
        int[][] g = new int[16][5];
        g[3][4] = 9;
        int[][] h = new int[2][5];
        h[1][4] = 3;
        int[][] t = shift(g, h, 1);
        System.out.println(t[3][4] + " " + t[15][4]);
        t = shift(g, h, 2);
        System.out.println(t[3][4]);
    }
}
