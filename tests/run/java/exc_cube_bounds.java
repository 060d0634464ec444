// Java twin of exc_cube_bounds.somd: the SOMD method is one method instance over the
// whole array.
class Main {
    static int[] pick(int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int p = ids[i] % c.length;
            int r = ids[i] == 1234 ? c[p].length : ids[i] % c[p].length;
            out[i] = c[p][r][ids[i] % c[p][0].length];
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
