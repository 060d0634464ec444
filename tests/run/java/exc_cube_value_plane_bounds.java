// Java twin of exc_cube_value_plane_bounds.somd: `C @ f(a)` is f applied to each element (a
// plane) of the mapped array in order; a value array is a deep copy of the array it freezes.
class Main {
    static int f(int[][] p) {
        int c = p[0][0] == 77 ? p[1].length : 2;
        return p[1][c] * 3 + p[p.length - 1][0];
    }

    static int[][][] freeze(int[][][] c) {
        int[][][] v = new int[c.length][][];
        for (int p = 0; p < c.length; p++) {
            v[p] = new int[c[p].length][];
            for (int r = 0; r < c[p].length; r++) {
                v[p][r] = c[p][r].clone();
            }
        }
        return v;
    }

    static int[] map(int[][][] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = f(v[i]);
        }
        return out;
    }

    public static void main(String[] args) {
        int[][][] c = new int[200][4][7];
        for (int p = 0; p < c.length; p++) {
            for (int r = 0; r < 4; r++) {
                for (int k = 0; k < 7; k++) {
                    c[p][r][k] = p * 10 + r * 3 - k;
                }
            }
        }
        int[][][] v = freeze(c);
        int[] ok = map(v);
        System.out.println(ok[0] + " " + ok[199]);
        c[45][0][0] = 77;
        int[][][] w = freeze(c);
        int[] bad = map(w);
        System.out.println(bad[0]);
    }
}
