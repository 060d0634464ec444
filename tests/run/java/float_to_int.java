// Floating to integer casts: NaN -> 0, out of range saturates, others truncate toward zero.
class Main {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.5, -0.5, 1.9999, -1.9999, 2147483647.5, 2147483648.0, -2147483649.0,
            1e10, -1e10, 1e19, -1e19, 1e300, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, 65535.7, 65536.2, -32768.9};
        for (int i = 0; i < ds.length; i++) {
            double d = ds[i];
            System.out.println(d + " -> int " + (int) d + ", long " + (long) d + ", short " + (short) d
                + ", byte " + (byte) d + ", char " + (int) (char) d);
        }
        float[] fs = {Float.NaN, Float.MAX_VALUE, -Float.MAX_VALUE, 3.9f, -3.9f, 16777216f, 2.5e9f, -9.3e18f, 1.0e20f};
        for (int i = 0; i < fs.length; i++) {
            float f = fs[i];
            System.out.println(f + " -> int " + (int) f + ", long " + (long) f + ", char " + (int) (char) f);
        }
        int n = (int) Math.sqrt(-1);
        System.out.println(n);
        long m = (long) (0.0 / 0.0);
        System.out.println(m);
    }
}
