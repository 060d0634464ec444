// Java twin of device_floor_ceil.somd: each `@` and `!` as a loop; one MI over the whole arrays.
class Main {
    static double[] floors(int[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i] % 14;
            out[i] = k == 0 ? Math.floor(-1e300) : k == 1 ? Math.floor(1e300)
                : k == 2 ? Math.floor(-1e20) : k == 3 ? Math.floor(2.5)
                : k == 4 ? Math.floor(-3.5) : k == 5 ? Math.floor(4503599627370497.0)
                : k == 6 ? Math.floor(9007199254740993.0) : k == 7 ? Math.floor(-4503599627370495.5)
                : k == 8 ? Math.floor(-0.5) : k == 9 ? Math.floor(1.0 / 0.0)
                : k == 10 ? Math.floor(0.0 / 0.0) : k == 11 ? Math.floor(-1.0 / 0.0)
                : k == 12 ? Math.floor(-0.0) : Math.floor(1e16);
        }
        return out;
    }

    static double ceiling(int k) {
        return k == 0 ? Math.ceil(-1e300) : k == 1 ? Math.ceil(1e300)
            : k == 2 ? Math.ceil(-1e20) : k == 3 ? Math.ceil(2.5)
            : k == 4 ? Math.ceil(-3.5) : k == 5 ? Math.ceil(4503599627370497.0)
            : k == 6 ? Math.ceil(9007199254740993.0) : k == 7 ? Math.ceil(4503599627370495.5)
            : k == 8 ? Math.ceil(-0.5) : k == 9 ? Math.ceil(1.0 / 0.0)
            : k == 10 ? Math.ceil(Double.NaN) : k == 11 ? Math.ceil(-1.0 / 0.0)
            : k == 12 ? Math.max(Math.ceil(Double.NaN), (double) k) : Math.ceil(1e16);
    }

    static long rounded(int k) {
        return k == 0 ? Math.round(-1e300) : k == 1 ? Math.round(1e300)
            : k == 2 ? Math.round(Double.NaN) : k == 3 ? Math.round(2.5)
            : k == 4 ? Math.round(-2.5) : k == 5 ? Math.round(4503599627370497.0)
            : k == 6 ? Math.round(0.49999999999999994) : k == 7 ? Math.round(1.0 / 0.0)
            : k == 8 ? Math.round(Float.NaN) : k == 9 ? Math.round(1e20f)
            : k == 10 ? Math.round(-2.5f) : k == 11 ? Math.round(-1.0f / 0.0f)
            : k == 12 ? Math.round(8388609.0f) : Math.round(-1e300 * 1e300);
    }

    static long[] computed(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            double x = (a[i] - 7) * 0.75;
            double huge = x * 1e300 * 1e10;
            out[i] = Double.doubleToLongBits(Math.floor(x)) * 31 + Double.doubleToLongBits(Math.ceil(x * 1e290)) * 7
                + Double.doubleToLongBits(Math.floor(huge)) + Double.doubleToLongBits(Math.ceil(huge * 0.0));
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[28];
        for (int k = 0; k < 28; k++) {
            a[k] = k;
        }
        double[] f = floors(a);
        double[] c = new double[14];
        long[] r = new long[14];
        for (int k = 0; k < 14; k++) {
            c[k] = ceiling(k);
            r[k] = rounded(k);
        }
        for (int k = 0; k < 14; k++) {
            System.out.println(k + " " + f[k] + " " + f[k + 14] + " " + c[k] + " " + r[k]);
        }
        double m = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 14; k++) {
            m = Math.min(m, ceiling(k));
        }
        System.out.println("min " + m);
        long[] d = computed(a);
        for (int k = 0; k < 28; k += 3) {
            System.out.println(d[k]);
        }
    }
}
