// Java twin of bounds_wrapped_start_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] a, int[] b, int w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            if (w >= 0) {
                for (int v = w + 1; v < b.length; v++) {
                    s += b[v];
                }
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[4];
        int[] b = new int[5];
        long[] o = f(a, b, 2147483647);
        System.out.println(o[0]);
    }
}
