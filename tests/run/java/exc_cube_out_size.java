// Java twin of exc_cube_out_size.somd: each SOMD method is one method instance over the whole arrays.
class Main {
    static int[][][] sized(int[] ids, int depth) {
        int[][][] out = new int[ids.length][depth][2];
        for (int p = 0; p < ids.length; p++) {
            out[p][0][1] = ids[p];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] ids = new int[300];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 2;
        }
        int[][][] s = sized(ids, 2);
        System.out.println(s[5][0][1] + " " + s[5][1][1]);
        int[][][] bad = sized(ids, -3);
        System.out.println(bad.length);
    }
}
