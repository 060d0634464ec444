// Java twin of loopcheck_test_step_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] a, int[] b, int[] c) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            int k = 0;
            while (k < b.length && b[k++] >= 0) {
                s += c[k];
                k++;
            }
            out[i] = s + k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[] b = new int[11];
        int[] c = new int[11];
        long[] o = f(a, b, c);
        System.out.println(o[0] + " " + o[99]);
    }
}
