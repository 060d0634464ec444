// Java twin of exc_effect_order.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int pick(int x, int y) {
        return x * 3 + y;
    }

    static int[] operands(int[] ids, int[][] g, int[] a) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i];
            out[i] = pick(g[k][k], a[k + 3]) + a[k++] * k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] g = new int[4][4];
        int[] a = new int[6];
        for (int i = 0; i < 6; i++) {
            a[i] = i + 1;
        }
        int[] ok = operands(new int[] {0, 1, 2, 2}, g, a);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2] + " " + ok[3]);
        int[] bad = operands(new int[] {0, 1, 4}, g, a);
        System.out.println(bad[0]);
    }
}
