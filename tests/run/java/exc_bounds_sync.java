// Java twin of exc_bounds_sync.somd: one method instance over the whole arrays (offset 0),
// sync blocks as plain blocks, arrays passed by value (copies).
class Main {
    static long[] walk(long[] a, long[] b, long[] table, int steps) {
        a = a.clone();
        b = b.clone();
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 0; i < a.length; i++) {
                    b[i] = (a[i] * 5 + p) % 1009;
                }
            }
            {
                for (int i = 0; i < a.length; i++) {
                    a[i] = b[i] + table[0 + i == 10 ? p : 0];
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        long[] a = new long[30];
        long[] b = new long[30];
        for (int i = 0; i < a.length; i++) a[i] = i;
        long[] table = {3, 1, 4, 1, 5};
        long[] r = walk(a, b, table, 5);
        System.out.println(r[10] + " " + r[29]);
        r = walk(a, b, table, 8);
        System.out.println(r[10]);
    }
}
