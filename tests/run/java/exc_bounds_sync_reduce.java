// Java twin of exc_bounds_sync_reduce.somd: one method instance over the whole arrays
// (offset 0), sync reduce blocks as plain blocks, shared scalars as locals.
class Main {
    static long probe(long[] a, long[] table, int steps) {
        long acc = 0;
        long total = 0;
        for (int p = 0; p < steps; p++) {
            acc = 0;
            {
                for (int i = 0; i < a.length; i++) {
                    acc += a[i] * table[0 + i == 7 ? p : 0];
                }
            }
            total = total * 3 + acc % 1000;
        }
        return total;
    }

    public static void main(String[] args) {
        long[] a = new long[30];
        for (int i = 0; i < a.length; i++) a[i] = i * 3 + 1;
        long[] table = {3, 1, 4, 1, 5};
        System.out.println(probe(a, table, 5));
        System.out.println(probe(a, table, 8));
    }
}
