// Java twin of device_row_widths.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    // A running sum along each row.
    static long[][] prefix(long[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) {
                m[i][j] = m[i][j] + m[i][j - 1];
            }
        }
        return m;
    }

    // A 1-based inner loop writing `j - 1`, then the row's first cell.
    static int[][] oneBased(int[][] m, int k) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j <= m[0].length; j++) {
                m[i][j - 1] = m[i][j - 1] * k + j;
            }
            m[i][0] = -m[i][0];
        }
        return m;
    }

    // Each row of each plane reversed in place, bounded by plane 0's row length.
    static float[][][] reversed(float[][][] c) {
        for (int x = 0; x < c.length; x++) {
            for (int y = 0; y < c[x].length; y++) {
                int n = c[0][0].length;
                for (int k = 0; k < n / 2; k++) {
                    float t = c[x][y][k];
                    c[x][y][k] = c[x][y][n - 1 - k];
                    c[x][y][n - 1 - k] = t;
                }
            }
        }
        return c;
    }

    public static void main(String[] args) {
        long[][] m = new long[37][11];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 11; j++) m[i][j] = (long) (i * 7 + j * j) % 13 - 4;
        }
        m = prefix(m);
        System.out.println(m[0][10] + " " + m[18][5] + " " + m[36][10]);
        int[][] g = new int[29][6];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < 6; j++) g[i][j] = i - j * 3;
        }
        g = oneBased(g, 3);
        System.out.println(g[0][0] + " " + g[14][3] + " " + g[28][5]);
        float[][][] c = new float[20][3][7];
        for (int x = 0; x < 20; x++) {
            for (int y = 0; y < 3; y++) {
                for (int k = 0; k < 7; k++) c[x][y][k] = x + y * 0.5f + k * 0.25f;
            }
        }
        c = reversed(c);
        System.out.println(c[0][0][0] + " " + c[11][2][1] + " " + c[19][1][6]);
    }
}
