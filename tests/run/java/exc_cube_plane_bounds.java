// Java twin of exc_cube_plane_bounds.somd: each SOMD method is one method instance over the whole arrays.
class Main {
    static long plane(long[][] p, int r) {
        long s = 0;
        for (int k = 0; k < p[r].length; k++) {
            s += p[r][k];
        }
        return s;
    }

    static long total(int[] ids, long[][][] c) {
        long t = 0;
        for (int i = 0; i < ids.length; i++) {
            int p = ids[i] == 1777 ? c.length : ids[i] % c.length;
            t += plane(c[p], ids[i] % c[0].length) * ids[i];
        }
        return t;
    }

    public static void main(String[] args) {
        long[][][] c = new long[3][4][5];
        for (int p = 0; p < 3; p++) {
            for (int r = 0; r < 4; r++) {
                for (int k = 0; k < 5; k++) {
                    c[p][r][k] = p * 1000L - r * 10 + k;
                }
            }
        }
        int[] ids = new int[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        System.out.println(total(ids, c));
        int[] more = new int[3000];
        for (int i = 0; i < more.length; i++) {
            more[i] = i;
        }
        System.out.println(total(more, c));
    }
}
