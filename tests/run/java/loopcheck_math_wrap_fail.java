// Java twin of loopcheck_math_wrap_fail.somd: one MI over the whole arrays.
class Main {
    static int[] f(int[] at, int[] a, int n, int start) {
        int[] out = new int[at.length];
        for (int p = 0; p < at.length; p++) {
            int s = a[at[p]];
            for (int k = start; k <= Math.max(n, 0); k++) {
                s = s * 31 + k;
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[4];
        int[] at = {4, 0, 1, 2, 3, 0, 1, 2};
        int[] o = f(at, a, 2147483647, 2147483640);
        System.out.println(o[0]);
    }
}
