// Java twin of exc_cube_value_bounds.somd: `C @ f(Somd.range(n), v)` is f applied to 0..n-1
// in order with the broadcast argument; a value array is a deep copy of the array it freezes.
class Main {
    static long f(int i, long[][][] v) {
        int x = i == 321 ? v.length : i % v.length;
        return v[x][i % v[0].length][i % v[0][0].length] - i;
    }

    static long[][][] freeze(long[][][] c) {
        long[][][] v = new long[c.length][][];
        for (int p = 0; p < c.length; p++) {
            v[p] = new long[c[p].length][];
            for (int r = 0; r < c[p].length; r++) {
                v[p][r] = c[p][r].clone();
            }
        }
        return v;
    }

    static long[] map(int n, long[][][] v) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = f(i, v);
        }
        return out;
    }

    public static void main(String[] args) {
        long[][][] c = new long[6][5][4];
        for (int p = 0; p < 6; p++) {
            for (int r = 0; r < 5; r++) {
                for (int k = 0; k < 4; k++) {
                    c[p][r][k] = p * 1000L + r * 10 + k;
                }
            }
        }
        long[][][] v = freeze(c);
        long[] ok = map(300, v);
        System.out.println(ok[0] + " " + ok[299]);
        long[] bad = map(600, v);
        System.out.println(bad[0]);
    }
}
