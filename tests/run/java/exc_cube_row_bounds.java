// Java twin of exc_cube_row_bounds.somd: each SOMD method is one method instance over the whole arrays.
class Main {
    static float[] pick(int[] ids, float[][][] c) {
        float[] out = new float[ids.length];
        for (int i = 0; i < ids.length; i++) {
            float[] row = c[ids[i] % c.length][ids[i] % c[0].length];
            int k = ids[i] == 1500 ? row.length + 2 : ids[i] % row.length;
            out[i] = row[k] * 2;
        }
        return out;
    }

    public static void main(String[] args) {
        float[][][] c = new float[4][5][6];
        for (int p = 0; p < 4; p++) {
            for (int r = 0; r < 5; r++) {
                for (int k = 0; k < 6; k++) {
                    c[p][r][k] = p * 10 + r + k * 0.25f;
                }
            }
        }
        int[] ids = new int[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        float[] ok = pick(ids, c);
        System.out.println(ok[0] + " " + ok[999]);
        int[] more = new int[2000];
        for (int i = 0; i < more.length; i++) {
            more[i] = i;
        }
        float[] bad = pick(more, c);
        System.out.println(bad[0]);
    }
}
