// Java twin of exc_plane_local_bounds.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[] read(int[] ids, int[][][] v) {
        int[] out = new int[ids.length];
        for (int n = 0; n < ids.length; n++) {
            int[][] p = v[ids[n] % v.length];
            out[n] = p[ids[n] / 3][ids[n] % p[0].length];
        }
        return out;
    }

    public static void main(String[] args) {
        int[][][] v = new int[2][3][4];
        v[1][2][3] = 7;
        int[] ok = read(new int[] {0, 5, 7, 8}, v);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2] + " " + ok[3]);
        int[] bad = read(new int[] {0, 1, 9, 2}, v);
        System.out.println(bad[0]);
    }
}
