// Java twin of exc_row_tiles_inner.somd.
class Main {
    static long[] hash(int[][] a, long[] t) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long h = 7;
            for (int j = 0; j < a[i].length; j++) {
                int v = a[i][j];
                h = h * 31 + t[v == 37050 ? -37 : v == 70090 ? -70 : v == 50003 ? -50 : 0];
            }
            out[i] = h;
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] a = new int[100][130];
        for (int i = 0; i < 100; i++) {
            for (int j = 0; j < 130; j++) a[i][j] = i * 1000 + j;
        }
        long[] h = hash(a, new long[]{5});
        System.out.println(h[3]);
    }
}
