// Reference Integer.parseInt / Long.parseLong / Double.parseDouble / Float.parseFloat for
// runtime/tests/jdk_oracle.rs. Each line: KIND <TAB> INPUT <TAB> RESULT (escaped like
// FormatOracle). RESULT is the value (int/long decimal; double/float raw bits) or
// "!class: message".
import java.util.*;

public class ParseOracle {
    static StringBuilder out = new StringBuilder();

    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t");
    }

    static void line(String kind, String in, String result) {
        out.append(kind).append('\t').append(esc(in)).append('\t').append(esc(result)).append('\n');
    }

    static String exc(RuntimeException e) { return "!" + e.getClass().getName() + ": " + e.getMessage(); }

    static void all(String s) {
        try { line("int", s, Integer.toString(Integer.parseInt(s))); } catch (RuntimeException e) { line("int", s, exc(e)); }
        try { line("long", s, Long.toString(Long.parseLong(s))); } catch (RuntimeException e) { line("long", s, exc(e)); }
        try { line("double", s, Long.toString(Double.doubleToRawLongBits(Double.parseDouble(s)))); } catch (RuntimeException e) { line("double", s, exc(e)); }
        try { line("float", s, Integer.toString(Float.floatToRawIntBits(Float.parseFloat(s)))); } catch (RuntimeException e) { line("float", s, exc(e)); }
    }

    public static void main(String[] args) {
        String[] inputs = {"0", "1", "-1", "+1", "+", "-", "", " ", "  12  ", "12 ", "abc", "12a", "2147483647",
            "2147483648", "-2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "99999999999999999999999", "007", "-0", "1_000",
            "0x10", "1.5", "-1.5", ".5", "5.", ".", "-.5", "1e5", "1E5", "1e", "1e+5", "1e-5", "1.5e-3",
            "NaN", "-NaN", "+NaN", "Infinity", "-Infinity", "+Infinity", "infinity", "nan", "inf", "1.0f",
            "1.0d", "1.0F", "1.0D", "1f", "1.0L", "\t3.25\n", "1e400", "-1e400", "1e-400", "4.9e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
            "1.7976931348623158e308", "1.7976931348623159e308", "3.4028235e38", "3.4028236e38", "1.4e-45",
            "0.1", "0.3", "123456789012345678901234567890", "0.000000000000000000000000000001",
            "0x1p0", "0x1.8p1", "0X1P-2", "-0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023",
            "0x1p-1074", "0x1p-1075", "0x1.8p-1075", "0x1.000001p0", "0x1.0000010000000001p0", "0x.8p1",
            "0x1p", "0xp1", "0x1.8p1f", "0x1.fffffep127", "0x1.ffffffp127", "0x1p-149", "0x1.8p-150",
            "1e0000000000000000000000001", "2.5e-1", "00000.0001e4", "1__0", "１２", "1 2", "--1", "+-1",
            "1.5e3.5", "e5", "1e5e5", "0.0", "-0.0", "+0.0", "3.14159265358979323846264338327950288"};
        for (String s : inputs) all(s);
        Random r = new Random(77);
        for (int i = 0; i < 300; i++) {
            double v = Double.longBitsToDouble(r.nextLong());
            if (!Double.isNaN(v)) all(Double.toString(v));
            all(Long.toString(r.nextLong() >> r.nextInt(64)));
            all((r.nextInt(100000)) + "." + r.nextInt(100000) + "e" + (r.nextInt(80) - 40));
        }
        System.out.print(out);
    }
}
