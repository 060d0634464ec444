// Java twin of loopcheck_math_bound_fail.somd: one MI over the whole arrays.
class Main {
    static double[] box(int[] at, double[] a, int r, int n) {
        double[] out = new double[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            double s = 0;
            for (int k = Math.max(0, i - r); k < Math.min(i + r + 1, n); k++) {
                s += a[k];
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 2000;
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 11) / 4.0;
        }
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = i;
        }
        double[] out = box(at, a, 6, n);
        System.out.println(out[0] + " " + out[n - 1]);
        out = box(at, a, 6, n + 1);
        System.out.println(out[0]);
    }
}
