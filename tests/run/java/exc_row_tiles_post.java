// Java twin of exc_row_tiles_post.somd.
class Main {
    static long[] hash(int[][] a, long[] t) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long h = 7;
            for (int j = 0; j < a[i].length; j++) {
                h = h * 31 + a[i][j];
            }
            out[i] = h + t[a[i][0] == 40000 ? -40 : a[i][0] == 65000 ? -65 : 0];
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] a = new int[70][100];
        for (int i = 0; i < 70; i++) {
            for (int j = 0; j < 100; j++) a[i][j] = i * 1000 + j;
        }
        long[] h = hash(a, new long[]{5});
        System.out.println(h[3]);
    }
}
