// Java twin of exc_row_reassigned.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[] rows(int[] ids, int[][] g) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int r = ids[i];
            out[i] = g[r][(r = r + 3) * 0 + g[r].length - 1];
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] g = new int[6][2];
        g[0][1] = 7;
        g[1][1] = 8;
        g[2][1] = 9;
        int[] ok = rows(new int[] {0, 1, 2}, g);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2]);
        int[][] h = new int[3][2];
        int[] bad = rows(new int[] {0, 1, 2}, h);
        System.out.println(bad[0]);
    }
}
