// Java twin of exc_view_order.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int row(int[] r, int v) {
        return r[0] * 10 + r[1] + v;
    }

    static int[] rows(int[] ids, int[][][] c, int[] a) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i];
            int x = k % 2;
            out[i] = row(c[x][k], a[k + 3]);
        }
        return out;
    }

    public static void main(String[] args) {
        int[][][] c = new int[2][4][2];
        int[] a = new int[7];
        for (int i = 0; i < 7; i++) {
            a[i] = i + 1;
        }
        c[1][3][0] = 5;
        int[] ok = rows(new int[] {0, 1, 2, 3}, c, a);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2] + " " + ok[3]);
        int[] bad = rows(new int[] {0, 1, 4}, c, a);
        System.out.println(bad[0]);
    }
}
