class Main {
    static long lowBits(double[] a) {
        double lo = Double.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            lo = Math.min(lo, a[i]);
        }
        return Double.doubleToLongBits(lo);
    }

    static long mixed(double[] a) {
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            hi = Math.max(hi, a[i] * 0.5);
        }
        long r = Double.doubleToLongBits(hi);
        int f = Float.floatToIntBits((float) hi);
        return r + Long.bitCount(r) + f + Integer.bitCount(f) + (Double.isNaN(hi) ? 1000 : 7);
    }

    static int floatBits(float[] a) {
        float lo = Float.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            lo = Math.min(lo, a[i]);
        }
        return Float.floatToIntBits(lo) + (Float.isNaN(lo) ? 1 : 0);
    }

    public static void main(String[] args) {
        double[] a = new double[20000];
        float[] b = new float[20000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i - 0.5 - (i % 7) * 1.25;
            b[i] = (float) (a[i] * 0.75 + 20000);
        }
        System.out.println(lowBits(a));
        System.out.println(mixed(a));
        System.out.println(floatBits(b));
    }
}
