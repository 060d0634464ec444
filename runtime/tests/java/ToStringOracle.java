// Reference Double.toString / Float.toString for runtime/tests/jdk_oracle.rs.
//   d BITS TEXT   (Double.toString(Double.longBitsToDouble(BITS)))
//   f BITS TEXT   (Float.toString(Float.intBitsToFloat(BITS)))
// Note: this JDK may predate JDK 19's shortest-representation Double.toString; the Rust test
// accepts a difference only where the JDK's text has more digits than necessary.
import java.util.Random;

public class ToStringOracle {
    static StringBuilder out = new StringBuilder();
    static void d(double x) { out.append("d ").append(Double.doubleToRawLongBits(x)).append(' ').append(Double.toString(x)).append('\n'); }
    static void f(float x) { out.append("f ").append(Float.floatToRawIntBits(x)).append(' ').append(Float.toString(x)).append('\n'); }

    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100.0, 1e7, 9999999.0,
            9999999.999, 10000000.0, 12345678.0, 0.001, 0.0001, 0.00099, 1e-4, 1.0E-5, 123.456, 1e21, 1e22, 1e23,
            2e23, 1.2345678E7, Double.MIN_VALUE, 2 * Double.MIN_VALUE, 3 * Double.MIN_VALUE, Double.MAX_VALUE,
            Double.MIN_NORMAL, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Math.PI, Math.E,
            2e-3, 5e-324, 1.7976931348623157E308, 4.35, 0.5, 0.25, 0.125, 1e-10, 123456789.0, 1e100, 1e-100,
            9.999999999999999E22, 1.0E-323, 5e-5, 0.009, 0.0009999, 999999.9, 9999999.9, 1234567.125};
        for (double x : ds) { d(x); d(-x); }
        float[] fs = {0.0f, -0.0f, 1.0f, 0.1f, 0.2f, 0.3f, 1.0f / 3, 100.0f, 1e7f, 9999999.0f, 1.0E-5f, 0.001f,
            0.0001f, 1.2345678E7f, Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL, Float.NaN,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, (float) Math.PI, 3.4028235E38f, 1.4E-45f,
            2 * Float.MIN_VALUE, 1e10f, 16777216.0f, 16777217.0f, 0.3333333f, 8.5f, 1.1f};
        for (float x : fs) { f(x); f(-x); }
        Random r = new Random(12345);
        for (int i = 0; i < 3000; i++) {
            double x = Double.longBitsToDouble(r.nextLong());
            if (!Double.isNaN(x)) d(x);
        }
        for (int i = 0; i < 2000; i++) {
            // Values with few digits at varied magnitudes (where layouts and ties matter).
            int digits = 1 + r.nextInt(17);
            long m = Math.abs(r.nextLong()) % (long) Math.pow(10, digits);
            int e = r.nextInt(60) - 30;
            d(Double.parseDouble(m + "E" + e));
        }
        for (int i = 0; i < 2000; i++) {
            float x = Float.intBitsToFloat(r.nextInt());
            if (!Float.isNaN(x)) f(x);
        }
        for (int i = 0; i < 1000; i++) {
            int digits = 1 + r.nextInt(8);
            long m = Math.abs(r.nextLong()) % (long) Math.pow(10, digits);
            int e = r.nextInt(30) - 15;
            f(Float.parseFloat(m + "E" + e));
        }
        for (int i = 1; i < 200; i++) { d(i * Double.MIN_VALUE); f(i * Float.MIN_VALUE); }
        System.out.print(out);
    }
}
