// Java twin of device_keep_matrix.somd: each SOMD method is its loops over the whole
// arrays; one that writes its parameter works on a copy (parameters pass by value).
class Main {
    // Rows picked by `rows`, weighted by column: reads `m` only.
    static long weigh(int[] rows, int[][] m, int k) {
        long s = 0;
        for (int i = 0; i < rows.length; i++) {
            int r = rows[i];
            for (int j = 0; j < m[r].length; j++) {
                s += (long) m[r][j] * (j + k);
            }
        }
        return s;
    }

    static long total(long[][] g) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += g[i][j] * 3 + 1;
            }
        }
        return s;
    }

    // Writes its parameter: the caller's matrix is unchanged (parameters pass by value),
    // but the device copy must not serve a later call.
    static long bumpAll(long[][] g) {
        long[][] c = new long[g.length][];
        for (int i = 0; i < g.length; i++) {
            c[i] = g[i].clone();
        }
        g = c;
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                g[i][j] = g[i][j] * 3 + 1;
                s += g[i][j];
            }
        }
        return s;
    }

    static int peek(int[][] m) {
        return m[0][0] + m[0].length + m.length;
    }

    static void poke(int[][] m, int v) {
        m[1][1] = v;
    }

    public static void main(String[] args) {
        int n = 40;
        int[][] m = new int[n][n + 3];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n + 3; x++) {
                m[y][x] = (y * 131 + x * 17) % 1009 - 500;
            }
        }
        int[] rows = new int[n];
        for (int y = 0; y < n; y++) {
            rows[y] = n - 1 - y;
        }
        long[][] g = new long[n][7];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < 7; x++) {
                g[y][x] = y * 1000L + x;
            }
        }
        long t = 0;
        // Kept: `m` read by the SOMD method and by `peek`.
        for (int it = 0; it < 4; it++) {
            t = t * 31 + weigh(rows, m, it) + peek(m);
        }
        System.out.println("kept " + t);
        // An element written in the loop: uploaded by every call.
        for (int it = 0; it < 3; it++) {
            t = t * 31 + weigh(rows, m, it);
            m[it][it] += 7;
        }
        // Written by a called method (which may keep it: `p` is never kept anywhere).
        int[][] p = new int[n][5];
        for (int it = 0; it < 3; it++) {
            t = t * 31 + weigh(rows, p, it);
            poke(p, it + 3);
        }
        System.out.println("written " + t);
        // A `dist` matrix read in the loop: kept; one a SOMD method writes: never kept.
        for (int it = 0; it < 3; it++) {
            t = t * 31 + total(g);
        }
        long[][] b = new long[n][3];
        for (int it = 0; it < 3; it++) {
            t = t * 31 + bumpAll(b);
        }
        System.out.println("dist " + t + " " + g[5][5] + " " + b[5][2]);
        // A row of `h` has another name: never kept.
        int[][] h = new int[n][4];
        int[] first = h[0];
        for (int it = 0; it < 3; it++) {
            t = t * 31 + weigh(rows, h, it);
            first[it] = it + 1;
        }
        System.out.println("alias " + t + " " + h[0][2]);
    }
}
