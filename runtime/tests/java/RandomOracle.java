// Reference values of java.util.Random and StrictMath.log for runtime/tests/jdk_oracle.rs.
// Each line is one call, replayed in the same order by the Rust test:
//   seed S | int V | intb BOUND V | intb BOUND !Exception: message | long V | float BITS
//   | double BITS | bool V | gauss BITS | log XBITS RBITS
import java.util.Random;

public class RandomOracle {
    public static void main(String[] args) {
        long[] seeds = {0L, 1L, 42L, -1L, -123456789L, Long.MAX_VALUE, Long.MIN_VALUE,
            0x5DEECE66DL, 123456789012345L, 20261121L};
        int[] bounds = {1, 2, 3, 7, 10, 16, 100, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE, 1000000007};
        StringBuilder out = new StringBuilder();
        for (long seed : seeds) {
            Random r = new Random(seed);
            out.append("seed ").append(seed).append('\n');
            for (int i = 0; i < 8; i++) out.append("int ").append(r.nextInt()).append('\n');
            for (int b : bounds) {
                for (int i = 0; i < 4; i++) out.append("intb ").append(b).append(' ').append(r.nextInt(b)).append('\n');
            }
            for (int i = 0; i < 5; i++) out.append("long ").append(r.nextLong()).append('\n');
            for (int i = 0; i < 5; i++) out.append("float ").append(Float.floatToRawIntBits(r.nextFloat())).append('\n');
            for (int i = 0; i < 5; i++) out.append("double ").append(Double.doubleToRawLongBits(r.nextDouble())).append('\n');
            for (int i = 0; i < 5; i++) out.append("bool ").append(r.nextBoolean()).append('\n');
            for (int i = 0; i < 25; i++) {
                out.append("gauss ").append(Double.doubleToRawLongBits(r.nextGaussian())).append('\n');
                if (i % 3 == 0) out.append("int ").append(r.nextInt()).append('\n');
            }
            for (int b : new int[] {0, -5}) {
                try {
                    r.nextInt(b);
                    out.append("intb ").append(b).append(" !none\n");
                } catch (IllegalArgumentException e) {
                    out.append("intb ").append(b).append(" !").append(e.getClass().getName()).append(": ").append(e.getMessage()).append('\n');
                }
            }
        }
        // Long Gaussian run: exercises many StrictMath.log calls.
        Random g = new Random(7);
        out.append("seed 7\n");
        for (int i = 0; i < 2000; i++) out.append("gauss ").append(Double.doubleToRawLongBits(g.nextGaussian())).append('\n');
        // StrictMath.log on uniform values in (0,1), random bit patterns and specials.
        Random v = new Random(99);
        double[] specials = {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, Double.MIN_VALUE, Double.MAX_VALUE,
            Double.MIN_NORMAL, Double.POSITIVE_INFINITY, Double.NaN, Math.E, 1e-300, 1.0000001, 0.9999999};
        for (double x : specials) out.append("log ").append(Double.doubleToRawLongBits(x)).append(' ').append(Double.doubleToRawLongBits(StrictMath.log(x))).append('\n');
        for (int i = 0; i < 3000; i++) {
            double x = (i % 2 == 0) ? v.nextDouble() : Math.abs(Double.longBitsToDouble(v.nextLong()));
            out.append("log ").append(Double.doubleToRawLongBits(x)).append(' ').append(Double.doubleToRawLongBits(StrictMath.log(x))).append('\n');
        }
        System.out.print(out);
    }
}
