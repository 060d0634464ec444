// Java twin of exc_size_div.somd: one MI over the whole matrix.
class Main {
    static long blocks(int[][] m, int k) {
        int w = (m.length > 0 ? m[0].length : 0) / k;
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < w; j++) s += m[i][j * k];
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[200][60];
        for (int i = 0; i < 200; i++) {
            for (int j = 0; j < 60; j++) m[i][j] = i + j;
        }
        System.out.println(blocks(m, 7));
        System.out.println(blocks(m, 0));
    }
}
