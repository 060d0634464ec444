// Java twin of exc_bounds_map.somd: `@` is a loop.
class Main {
    static int pick(int i, int[] table) {
        return table[i * 3];
    }

    static int[] mapPick(int n, int[] table) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = pick(i, table);
        return r;
    }

    public static void main(String[] args) {
        int[] table = new int[]{5, 6, 7, 8, 9, 10, 11};
        int[] ok = mapPick(3, table);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2]);
        int[] bad = mapPick(4, table);
        System.out.println(bad[3]);
    }
}
