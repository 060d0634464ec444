// Java twin of exc_nested_slices_order.somd: the inner `@` and `+ !` are one loop.
class Main {
    static int at(int[] key, int[] row, int k) {
        if (key[0] == 1 && k == 2990) return row[k];
        return row[1] / (key[0] == 1 && k == 1500 ? 0 : 1) + k % 10;
    }

    static int total(int[] key, int[][] table) {
        int s = 0;
        for (int k = 0; k < table.length; k++) s += at(key, table[k], k);
        return s;
    }

    public static void main(String[] args) {
        int[][] ks = new int[300][1];
        for (int i = 0; i < 300; i++) {
            ks[i][0] = i + 2;
        }
        int[][] ts = new int[3000][2];
        for (int i = 0; i < 3000; i++) {
            ts[i][0] = i % 5;
            ts[i][1] = i;
        }
        int[][] table = ts;
        int[] ok = new int[300];
        for (int i = 0; i < 300; i++) ok[i] = total(ks[i], table);
        System.out.println(ok[0] + " " + ok[299]);
        ks[123][0] = 1;
        int[] r = new int[300];
        for (int i = 0; i < 300; i++) r[i] = total(ks[i], table);
        System.out.println(r[0]);
    }
}
