class Main {
    // Outside a SOMD method `Somd.offset` is 0 and `Somd.globalLength` is the length.
    static long weigh(int[][][] c) {
        long s = 0;
        for (int x = 0; x < c.length; x++) {
            for (int y = 0; y < c[x].length; y++) {
                for (int z = 0; z < c[x][y].length; z++) {
                    s += c[x][y][z] * (long) (0 + z + 1)
                        + c[0][0].length * (long) c[0].length;
                }
            }
        }
        return s;
    }

    static int deepest(double[][][] v) {
        int m = 0;
        for (int x = 0; x < v.length; x++) {
            for (int y = 0; y < v[x].length; y++) {
                for (int z = 0; z < v[x][y].length; z++) {
                    if (v[x][y][z] > 0.5) {
                        m = Math.max(m, 0 + z + v[0][0].length);
                    }
                }
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][][] c = new int[40][30][12];
        double[][][] d = new double[16][20][9];
        for (int x = 0; x < 40; x++) {
            for (int y = 0; y < 30; y++) {
                for (int z = 0; z < 12; z++) {
                    c[x][y][z] = x + y * z - 7;
                }
            }
        }
        for (int x = 0; x < 16; x++) {
            for (int y = 0; y < 20; y++) {
                for (int z = 0; z < 9; z++) {
                    d[x][y][z] = ((x * 31 + y * 17 + z * 7) % 13) / 12.0 * (z < 6 ? 1 : 0.4);
                }
            }
        }
        System.out.println(weigh(c));
        System.out.println(deepest(d));
    }
}
