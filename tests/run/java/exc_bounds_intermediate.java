// Java twin of exc_bounds_intermediate.somd: one method instance over the whole arrays, the
// intermediate reduction a plain call.
class Main {
    static long lookup(long[] a, long[] table) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += table[(int) a[i]] * 10 + a[i];
        }
        return s;
    }

    static long[] shift(long[] a, long[] table) {
        long total = lookup(a, table);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] * 1000 + total;
        return out;
    }

    public static void main(String[] args) {
        long[] table = {3, 1, 4, 1, 5};
        long[] a = new long[40];
        for (int i = 0; i < a.length; i++) a[i] = (i * 7) % 5;
        long[] r = shift(a, table);
        System.out.println(r[0] + " " + r[39]);
        a[23] = 9;
        r = shift(a, table);
        System.out.println(r[0]);
    }
}
