// Reference java.lang.Math results, casts and integer arithmetic for
// runtime/tests/jdk_oracle.rs. Each line: OP ARGS... RESULT, with doubles and floats as raw
// bits (decimal) and exceptions as "!class:message" (no spaces in the message part).
import java.util.Random;

public class MathOracle {
    static StringBuilder out = new StringBuilder();
    static long db(double x) { return Double.doubleToRawLongBits(x); }
    static int fb(float x) { return Float.floatToRawIntBits(x); }

    static void doubles(double x) {
        out.append("roundd ").append(db(x)).append(' ').append(Math.round(x)).append('\n');
        out.append("rint ").append(db(x)).append(' ').append(db(Math.rint(x))).append('\n');
        out.append("signumd ").append(db(x)).append(' ').append(db(Math.signum(x))).append('\n');
        out.append("d2i ").append(db(x)).append(' ').append((int) x).append('\n');
        out.append("d2l ").append(db(x)).append(' ').append((long) x).append('\n');
        out.append("torad ").append(db(x)).append(' ').append(db(Math.toRadians(x))).append('\n');
        out.append("todeg ").append(db(x)).append(' ').append(db(Math.toDegrees(x))).append('\n');
        out.append("dbits ").append(db(x)).append(' ').append(Double.doubleToLongBits(x)).append('\n');
        out.append("d2f ").append(db(x)).append(' ').append(fb((float) x)).append('\n');
        out.append("cbrt ").append(db(x)).append(' ').append(db(Math.cbrt(x))).append('\n');
    }

    static void floats(float x) {
        out.append("roundf ").append(fb(x)).append(' ').append(Math.round(x)).append('\n');
        out.append("signumf ").append(fb(x)).append(' ').append(fb(Math.signum(x))).append('\n');
        out.append("f2i ").append(fb(x)).append(' ').append((int) x).append('\n');
        out.append("f2l ").append(fb(x)).append(' ').append((long) x).append('\n');
        out.append("fbits ").append(fb(x)).append(' ').append(Float.floatToIntBits(x)).append('\n');
    }

    static void pair(double a, double b) {
        out.append("mind ").append(db(a)).append(' ').append(db(b)).append(' ').append(db(Math.min(a, b))).append('\n');
        out.append("maxd ").append(db(a)).append(' ').append(db(b)).append(' ').append(db(Math.max(a, b))).append('\n');
        float fa = (float) a, fbv = (float) b;
        out.append("minf ").append(fb(fa)).append(' ').append(fb(fbv)).append(' ').append(fb(Math.min(fa, fbv))).append('\n');
        out.append("maxf ").append(fb(fa)).append(' ').append(fb(fbv)).append(' ').append(fb(Math.max(fa, fbv))).append('\n');
        out.append("pow ").append(db(a)).append(' ').append(db(b)).append(' ').append(db(Math.pow(a, b))).append('\n');
        hypot(a, b);
    }

    static void hypot(double a, double b) {
        out.append("hypot ").append(db(a)).append(' ').append(db(b)).append(' ').append(db(Math.hypot(a, b))).append('\n');
    }

    static void ints(int a, int b) {
        String q, m;
        try { q = Integer.toString(a / b); } catch (ArithmeticException e) { q = "!" + e.getClass().getName() + ":" + e.getMessage().replace(' ', '_'); }
        try { m = Integer.toString(a % b); } catch (ArithmeticException e) { m = "!" + e.getClass().getName() + ":" + e.getMessage().replace(' ', '_'); }
        out.append("idiv ").append(a).append(' ').append(b).append(' ').append(q).append('\n');
        out.append("irem ").append(a).append(' ').append(b).append(' ').append(m).append('\n');
        out.append("ishl ").append(a).append(' ').append(b).append(' ').append(a << b).append('\n');
        out.append("ishr ").append(a).append(' ').append(b).append(' ').append(a >> b).append('\n');
        out.append("iushr ").append(a).append(' ').append(b).append(' ').append(a >>> b).append('\n');
        out.append("i2b ").append(a).append(' ').append((byte) a).append('\n');
        out.append("i2s ").append(a).append(' ').append((short) a).append('\n');
        out.append("i2c ").append(a).append(' ').append((int) (char) a).append('\n');
        out.append("ibitcount ").append(a).append(' ').append(Integer.bitCount(a)).append('\n');
        out.append("iabs ").append(a).append(' ').append(Math.abs(a)).append('\n');
    }

    static void longs(long a, long b) {
        String q, m;
        try { q = Long.toString(a / b); } catch (ArithmeticException e) { q = "!" + e.getClass().getName() + ":" + e.getMessage().replace(' ', '_'); }
        try { m = Long.toString(a % b); } catch (ArithmeticException e) { m = "!" + e.getClass().getName() + ":" + e.getMessage().replace(' ', '_'); }
        int s = (int) b;
        out.append("ldiv ").append(a).append(' ').append(b).append(' ').append(q).append('\n');
        out.append("lrem ").append(a).append(' ').append(b).append(' ').append(m).append('\n');
        out.append("lshl ").append(a).append(' ').append(s).append(' ').append(a << s).append('\n');
        out.append("lshr ").append(a).append(' ').append(s).append(' ').append(a >> s).append('\n');
        out.append("lushr ").append(a).append(' ').append(s).append(' ').append(a >>> s).append('\n');
        out.append("lbitcount ").append(a).append(' ').append(Long.bitCount(a)).append('\n');
        out.append("labs ").append(a).append(' ').append(Math.abs(a)).append('\n');
    }

    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            4503599627370495.5, 4503599627370497.0, -4503599627370495.5, 9007199254740993.0, 1e19, -1e19, 1e300,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.MAX_VALUE, 2147483647.5, 2147483648.0, -2147483648.5, -2147483649.0, 9.223372036854776E18,
            -9.223372036854776E18, 3.4028235e38, 3.5e38, 1e-46, 180.0, 90.0, 1.0, Math.PI, 0.1, 0.7,
            Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000001234L)};
        for (double x : ds) doubles(x);
        float[] fs = {0.0f, -0.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.49999997f, -0.49999997f, 8388607.5f,
            8388609.0f, 16777217.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.MIN_VALUE, Float.MAX_VALUE, 2147483647.0f, 2.14748365E9f, -2.14748365E9f, 9.223372E18f,
            -9.223373E18f, 1e20f, Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc12345)};
        for (float x : fs) floats(x);
        Random r = new Random(5);
        for (int i = 0; i < 400; i++) {
            double x = (i % 2 == 0) ? (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(80) - 10) : Double.longBitsToDouble(r.nextLong());
            doubles(x);
            floats((float) x);
            floats(Float.intBitsToFloat(r.nextInt()));
        }
        double[] ps = {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, 3.0, -3.0, 1e-300};
        for (double a : ps) for (double b : ps) pair(a, b);
        // hypot and cbrt over magnitudes from subnormal to huge, and random bit patterns.
        for (int i = 0; i < 1500; i++) {
            double a = (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(2100) - 1075);
            double b = (i % 3 == 0) ? a * (r.nextDouble() * 4) : (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(2100) - 1075);
            hypot(a, b);
            hypot(r.nextDouble() * 100000, 3.0);
            hypot(Double.longBitsToDouble(r.nextLong()), Double.longBitsToDouble(r.nextLong()));
            out.append("cbrt ").append(db(a)).append(' ').append(db(Math.cbrt(a))).append('\n');
        }
        int[] is = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, -33, 64, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, 65535, 65536, 128, 255};
        for (int a : is) for (int b : is) ints(a, b);
        long[] ls = {0L, 1L, -1L, 3L, -3L, 63L, 64L, 65L, -65L, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE, 1L << 40};
        for (long a : ls) for (long b : ls) longs(a, b);
        for (int i = 0; i < 200; i++) { ints(r.nextInt(), r.nextInt()); longs(r.nextLong(), r.nextLong()); }
        System.out.print(out);
    }
}
