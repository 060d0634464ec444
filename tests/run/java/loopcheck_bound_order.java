// Java twin of loopcheck_bound_order.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] a, int[] row, int[] b, int n) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int k = 0; n > 0 && k < row[i + 1]; k++) {
                s += b[k] * (long) k;
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[] row = new int[100];
        int[] b = new int[10];
        long[] o = f(a, row, b, 0);
        System.out.println(o[0] + " " + o[99]);
    }
}
