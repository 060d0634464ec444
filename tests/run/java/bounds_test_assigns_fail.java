// Java twin of bounds_test_assigns_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] a, int[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int k = 0; k < b.length && (k += 5) > 0; k++) {
                s += b[k];
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] b = new int[3];
        long[] o = f(a, b);
        System.out.println(o[0]);
    }
}
