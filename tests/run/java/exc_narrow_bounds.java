// Java twin of exc_narrow_bounds.somd: the inner `@` and `+ !` are one loop.
class Main {
    static int far(int[] row, int k) {
        return row[k / 40];
    }

    static int at(int[] tile, int[] row, int k) {
        return k == 2990 && tile[0] == 1 ? far(row, k) : row[0] + tile[k % tile.length];
    }

    static int total(int[] tile, int[][] table) {
        int s = 0;
        for (int k = 0; k < table.length; k++) s += at(tile, table[k], k);
        return s;
    }

    public static void main(String[] args) {
        int[][] ks = new int[300][64];
        for (int i = 0; i < 300; i++) {
            for (int p = 0; p < 64; p++) {
                ks[i][p] = (i * 4 + p) % 256;
            }
        }
        int[][] ts = new int[3000][64];
        for (int i = 0; i < 3000; i++) {
            for (int p = 0; p < 64; p++) {
                ts[i][p] = (i + p * 5) % 256;
            }
        }
        int[] ok = new int[300];
        for (int i = 0; i < 300; i++) ok[i] = total(ks[i], ts);
        System.out.println(ok[0] + " " + ok[299]);
        ks[123][0] = 1;
        int[] r = new int[300];
        for (int i = 0; i < 300; i++) r[i] = total(ks[i], ts);
        System.out.println(r[0]);
    }
}
