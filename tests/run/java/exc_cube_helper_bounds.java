// Java twin of exc_cube_helper_bounds.somd: each SOMD method is one method instance over the whole arrays.
class Main {
    static int at(int[][][] c, int p, int r, int k) {
        return c[p][r][k];
    }

    static int[] pick(int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] == 1234 ? c[0][0].length : ids[i] % c[0][0].length;
            out[i] = at(c, ids[i] % c.length, ids[i] % c[0].length, k);
        }
        return out;
    }

    public static void main(String[] args) {
        int[][][] c = new int[4][5][6];
        for (int p = 0; p < 4; p++) {
            for (int r = 0; r < 5; r++) {
                for (int k = 0; k < 6; k++) {
                    c[p][r][k] = p * 100 + r * 10 + k;
                }
            }
        }
        int[] ids = new int[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        int[] ok = pick(ids, c);
        System.out.println(ok[0] + " " + ok[999]);
        int[] more = new int[2000];
        for (int i = 0; i < more.length; i++) {
            more[i] = i;
        }
        int[] bad = pick(more, c);
        System.out.println(bad[0]);
    }
}
