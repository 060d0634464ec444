// Java twin of exc_store_order.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int f(int[] ids, int[][] m, int[] t, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m[0].length; j++) {
                m[5 - 2 * i][j] = t[m[4 - 2 * i][j]];
            }
        }
        return ids.length;
    }

    public static void main(String[] args) {
        int[][] m = new int[6][12];
        int[] t = new int[10];
        System.out.println(f(new int[4], m, t, 3));
        System.out.println(f(new int[4], m, t, 4));
    }
}
