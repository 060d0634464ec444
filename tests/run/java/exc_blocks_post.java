// Java twin of exc_blocks_post.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] ratios(int[][] a, int[][] b) {
        int[][] out = new int[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            int[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                int[] y = b[j];
                int s = 0;
                for (int k = 0; k < x.length; k++) {
                    s += x[k] * y[k];
                }
                out[i][j] = 1000 / s;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] a = new int[37][40];
        int[][] b = new int[45][40];
        for (int i = 0; i < 37; i++) {
            for (int k = 0; k < 40; k++) {
                a[i][k] = 1;
            }
        }
        for (int j = 0; j < 45; j++) {
            for (int k = 0; k < 40; k++) {
                b[j][k] = 1;
            }
        }
        a[1][0] = -38;
        b[2][1] = 0;
        a[3][5] = -39;
        b[0][39] = 2;
        int[][] r = ratios(a, b);
        System.out.println(r[0][0]);
    }
}
