// Java twin of exc_compound_order.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int compound(int[] ids, int[][] m, int[] v, int n) {
        for (int i = 0; i < n; i++) {
            m[i][i] += v[2 * i];
        }
        return ids.length;
    }

    public static void main(String[] args) {
        int[][] m = new int[3][3];
        int[] v = new int[5];
        System.out.println(compound(new int[4], m, v, 3));
        System.out.println(compound(new int[4], m, v, 4));
    }
}
