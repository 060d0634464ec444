// Java twin of exc_cube_map_bounds.somd: `C @ f(a, b)` is f applied to each element of the
// mapped array in order with the broadcast argument.
class Main {
    static int f(int i, int[][][] c) {
        int k = i == 777 ? c[0][0].length : i % c[0][0].length;
        return c[i % c.length][i % c[0].length][k] * 2;
    }

    static int[] map(int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = f(ids[i], c);
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
        int[] ids = new int[500];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        int[] ok = map(ids, c);
        System.out.println(ok[0] + " " + ok[499]);
        int[] more = new int[1000];
        for (int i = 0; i < more.length; i++) {
            more[i] = i;
        }
        int[] bad = map(more, c);
        System.out.println(bad[0]);
    }
}
