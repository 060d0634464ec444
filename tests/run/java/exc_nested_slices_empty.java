// Java twin of exc_nested_slices_empty.somd: the inner `@` is a loop, `C.m !` a fold from
// the first element that rejects an empty array.
class Main {
    static long cell(int[] key, int[] row) {
        return key[0] + row[0];
    }

    static long larger(long a, long b) {
        return a >= b ? a : b;
    }

    static long best(int[] key, int[][] table) {
        long[] cells = new long[table.length];
        for (int k = 0; k < table.length; k++) cells[k] = cell(key, table[k]);
        if (cells.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        long r = cells[0];
        for (int k = 1; k < cells.length; k++) r = larger(r, cells[k]);
        return r;
    }

    public static void main(String[] args) {
        int[][] ks = new int[300][1];
        long[] ok = new long[300];
        for (int i = 0; i < 300; i++) ok[i] = best(ks[i], new int[3][1]);
        System.out.println(ok[0]);
        long[] r = new long[300];
        for (int i = 0; i < 300; i++) r[i] = best(ks[i], new int[0][1]);
        System.out.println(r[0]);
    }
}
