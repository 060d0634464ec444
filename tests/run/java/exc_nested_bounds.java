// Java twin of exc_nested_bounds.somd: the inner `@` and `+ !` are one loop.
class Main {
    static int first(int[] row) {
        return row[0];
    }

    static int next(int[][] table, int k, int limit) {
        return k < limit ? first(table[k + 1]) : 0;
    }

    static int total(int limit, int[][] table) {
        int s = 0;
        for (int k = 0; k < table.length; k++) s += next(table, k, limit);
        return s;
    }

    public static void main(String[] args) {
        int[][] table = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
        int[] limits = {3, 1, 2};
        int[] ok = new int[limits.length];
        for (int i = 0; i < limits.length; i++) ok[i] = total(limits[i], table);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2]);
        int[] bad = {0, 4, 1};
        int[] r = new int[bad.length];
        for (int i = 0; i < bad.length; i++) r[i] = total(bad[i], table);
        System.out.println(r[0]);
    }
}
