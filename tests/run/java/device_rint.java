// Java twin of device_rint.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[] constants(int[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i] % 12;
            out[i] = k == 0 ? Math.rint(-1e300) : k == 1 ? Math.rint(1e300)
                : k == 2 ? Math.rint(-1e20) : k == 3 ? Math.rint(2.5)
                : k == 4 ? Math.rint(-3.5) : k == 5 ? Math.rint(4503599627370497.0)
                : k == 6 ? Math.rint(9007199254740993.0) : k == 7 ? Math.rint(4503599627370495.5)
                : k == 8 ? Math.rint(-0.5) : k == 9 ? Math.rint(1.0 / 0.0)
                : k == 10 ? Math.rint(0.0 / 0.0) : Math.rint(1e16);
        }
        return out;
    }

    // `(int) (float) Math.rint(-1e300)`: negative infinity as a float, then Integer.MIN_VALUE.
    static long[] narrowed(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long r = (long) (((int) ((float) Math.rint(-1e300))));
            out[i] = r * 31 + a[i];
        }
        return out;
    }

    static double[] computed(int[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double x = (a[i] - 6) * 0.75;
            out[i] = Math.rint(x) + Math.rint(x * 1e290) * 1e-290;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[24];
        for (int k = 0; k < 24; k++) {
            a[k] = k;
        }
        double[] c = constants(a);
        for (int k = 0; k < 12; k++) {
            System.out.println(k + " " + c[k] + " " + c[k + 12]);
        }
        long[] n = narrowed(a);
        System.out.println(n[0] + " " + n[23]);
        double[] d = computed(a);
        for (int k = 0; k < 24; k += 5) {
            System.out.println(d[k]);
        }
    }
}
