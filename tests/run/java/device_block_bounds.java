// Java twin of device_block_bounds.somd: one MI over the whole arrays.
class Main {
    static long[] far(int[] at, int[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            long s = 0;
            for (int k = 0; k < lim[p]; k++) {
                s = s * 31 + k;
                if (k == 70000) {
                    lim[p] = 70010 + at[p];
                }
            }
            out[p] = s;
        }
        return out;
    }

    static long[] nest(int[] at, int[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            long s = 0;
            for (int k = 0; k < lim[p]; k++) {
                for (int z = 0; z < 2; z++) {
                    s = s * 7 + k + z;
                }
                if (k == 700) {
                    lim[p] = 710 + at[p];
                }
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 64;
        int[] at = new int[n];
        int[] lim = new int[n];
        int[] few = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = i;
            lim[i] = 70005;
            few[i] = 705;
        }
        long[] a = far(at, lim);
        long[] b = nest(at, few);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 7 + a[i] + b[i];
        }
        System.out.println("far " + a[0] + " " + a[n - 1]);
        System.out.println("nest " + b[0] + " " + b[n - 1]);
        System.out.println("sum " + sum);
    }
}
