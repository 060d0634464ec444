// Java twin of exc_host_bounds.somd: one MI over the whole arrays.
class Main {
    static int[][] grow(int[][] m, int[][] t) {
        for (int w = 4; w <= 64; w = w * 2) {
            {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < w; j++) t[i][j] = m[i][j] * 2 + w;
                }
            }
        }
        return t;
    }

    public static void main(String[] args) {
        int[][] m = new int[50][40];
        int[][] t = new int[50][40];
        for (int i = 0; i < 50; i++) {
            for (int j = 0; j < 40; j++) m[i][j] = i - j;
        }
        int[][] r = grow(m, t);
        System.out.println(r[0][0]);
    }
}
