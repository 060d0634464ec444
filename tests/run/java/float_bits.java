// Bit-level builtins and constants.
class Main {
    public static void main(String[] args) {
        System.out.println(Integer.MAX_VALUE + " " + Integer.MIN_VALUE);
        System.out.println(Long.MAX_VALUE + " " + Long.MIN_VALUE);
        System.out.println(Float.MAX_VALUE + " " + Float.MIN_VALUE);
        System.out.println(Double.MAX_VALUE + " " + Double.MIN_VALUE);
        System.out.println(Double.POSITIVE_INFINITY + " " + Double.NEGATIVE_INFINITY + " " + Double.NaN);
        System.out.println(Float.floatToIntBits(1.0f));
        System.out.println(Float.floatToIntBits(-0.0f));
        System.out.println(Float.floatToIntBits(Float.NaN));
        System.out.println(Float.floatToIntBits(0.0f / 0.0f));
        System.out.println(Double.doubleToLongBits(1.0));
        System.out.println(Double.doubleToLongBits(-2.5));
        System.out.println(Double.doubleToLongBits(Double.NaN));
        System.out.println(Double.doubleToLongBits(Double.MIN_VALUE));
        System.out.println(Integer.bitCount(0) + " " + Integer.bitCount(-1) + " " + Integer.bitCount(0x55555555) + " " + Integer.bitCount(Integer.MIN_VALUE));
        System.out.println(Long.bitCount(0L) + " " + Long.bitCount(-1L) + " " + Long.bitCount(0x123456789L));
        System.out.println(Float.isNaN(0.0f / 0.0f) + " " + Float.isNaN(1.0f) + " " + Double.isNaN(Math.sqrt(-2)) + " " + Double.isNaN(1e308 * 10));
        double nan = Double.NaN;
        System.out.println((nan == nan) + " " + (nan != nan) + " " + (nan < 1) + " " + (nan > 1) + " " + (0.0 == -0.0));
        System.out.println(Math.min(0.0, -0.0) + " " + Math.max(-0.0, 0.0) + " " + Math.min(nan, 1.0) + " " + Math.max(1.0f, Float.NaN));
        int h = 0;
        for (int i = 0; i < 100; i++) {
            h = h * 31 + Float.floatToIntBits(i * 0.37f);
            h ^= (int) (Double.doubleToLongBits(i / 7.0) >>> 17);
        }
        System.out.println(h);
    }
}
