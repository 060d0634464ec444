// Reference String.format results for runtime/tests/jdk_oracle.rs.
// Each line: FORMAT <TAB> ARGS <TAB> RESULT, with \ \n \t escaped as \\ \n \t.
// ARGS is a '|'-separated list of TYPE:VALUE (i int, l long, y byte, h short, f float bits,
// d double bits, b boolean, c char code, s string, n null); RESULT is "!class: message" on exception.
// A line "tostring BITS TEXT" gives this JDK's Double.toString of the double arguments (the
// Rust test uses it to recognise values where this JDK's digits are not the shortest).
// After a case that throws, a line "written <TAB> TEXT" gives what a Formatter (printf)
// wrote before the exception.
import java.util.*;

public class FormatOracle {
    static StringBuilder out = new StringBuilder();

    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t");
    }

    static String enc(Object o) {
        if (o == null) return "n:null";
        if (o instanceof Integer) return "i:" + o;
        if (o instanceof Long) return "l:" + o;
        if (o instanceof Byte) return "y:" + o;
        if (o instanceof Short) return "h:" + o;
        if (o instanceof Float) return "f:" + Float.floatToRawIntBits((Float) o);
        if (o instanceof Double) return "d:" + Double.doubleToRawLongBits((Double) o);
        if (o instanceof Boolean) return "b:" + o;
        if (o instanceof Character) return "c:" + (int) (Character) o;
        return "s:" + o;
    }

    static void c(String fmt, Object... args) {
        StringJoiner j = new StringJoiner("|");
        for (Object a : args) j.add(enc(a));
        String result;
        boolean failed = false;
        try {
            result = String.format(fmt, args);
        } catch (RuntimeException e) {
            result = "!" + e.getClass().getName() + ": " + e.getMessage();
            failed = true;
        }
        out.append(esc(fmt)).append('\t').append(esc(j.toString())).append('\t').append(esc(result)).append('\n');
        if (failed) {
            // What printf writes before the exception: a Formatter appends as it goes.
            StringBuilder written = new StringBuilder();
            try {
                new Formatter(written, Locale.US).format(fmt, args);
            } catch (RuntimeException e) {
                // the same exception as above
            }
            out.append("written\t").append(esc(written.toString())).append('\n');
        }
        for (Object a : args) {
            if (a instanceof Double) out.append("tostring ").append(Double.doubleToRawLongBits((Double) a)).append(' ').append(a).append('\n');
            if (a instanceof Float) { double w = (Float) a; out.append("tostring ").append(Double.doubleToRawLongBits(w)).append(' ').append(w).append('\n'); }
        }
    }

    public static void main(String[] args) {
        c("%d", 42); c("%d", -42); c("%5d|", 42); c("%-5d|", 42); c("%05d", -42); c("%,d", 1234567);
        c("%,d", -1234567890123L); c("%+d", 5); c("% d", 5); c("%(d", -5); c("%(5d", -5); c("%(05d", -5);
        c("%d", Long.MIN_VALUE); c("%d", Integer.MIN_VALUE); c("%d", (byte) -3); c("%d", (short) 300);
        c("%x", 255); c("%x", -1); c("%X", -255); c("%x", -1L); c("%#x", 255); c("%08x", 255); c("%#010x", 255);
        c("%x", (byte) -1); c("%x", (short) -1); c("%o", 8); c("%o", -8); c("%#o", 8);
        c("%s", "hi"); c("%10s|", "hi"); c("%-10s|", "hi"); c("%.1s", "hi"); c("%S", "hi"); c("%s", 1.0);
        c("%s", 1.0f); c("%s", 100); c("%s", true); c("%s", 'x'); c("%s", 1e7); c("%s", 0.1f + 0.2f);
        c("%c", 'a'); c("%c", 65); c("%C", 'a'); c("%5c|", 'a'); c("%-5c|", 'a'); c("%c", (byte) 66);
        c("%b", true); c("%b", false); c("%B", true); c("%b", 5); c("%b", "x"); c("%.2b", true); c("%6b|", false);
        c("%%"); c("%n"); c("a%%b%nc"); c("%5%|"); c("%-5%|");
        c("%f", 1.0); c("%f", 0.1); c("%.2f", 0.125); c("%.1f", 0.15); c("%.1f", 0.25); c("%.1f", 0.35);
        c("%.2f", 1.005); c("%.0f", 0.5); c("%.0f", 1.5); c("%.0f", 2.5); c("%.0f", 0.4); c("%.3f", 1e-10);
        c("%.20f", 0.1); c("%.17f", 1.0 / 3); c("%f", 1e20); c("%f", 1e300); c("%f", -0.0); c("%f", 0.0);
        c("%f", Double.NaN); c("%f", Double.POSITIVE_INFINITY); c("%f", Double.NEGATIVE_INFINITY);
        c("%+f", Double.POSITIVE_INFINITY); c("%(f", Double.NEGATIVE_INFINITY); c("%010f", Double.NaN);
        c("%10.3f|", Math.PI); c("%-10.3f|", Math.PI); c("%010.3f", -Math.PI); c("%+.3f", Math.PI);
        c("%,.2f", 1234567.891); c("%(.2f", -3.5); c("% .2f", 3.5); c("%#.0f", 3.0); c("%.0f", 0.05);
        c("%.1f", 0.05); c("%.1f", 0.04); c("%.2f", 0.0001); c("%.2f", 0.009); c("%.2f", 0.005);
        c("%.1f", 9.95); c("%.1f", 99.95); c("%.2f", 999.995); c("%f", 1.0f / 3); c("%.10f", 0.1f);
        c("%e", 1.0); c("%e", 0.0); c("%e", 123456.789); c("%.3e", 1.0005); c("%.0e", 5.5); c("%E", 1e-10);
        c("%e", 1e100); c("%e", 1e-100); c("%e", Double.MIN_VALUE); c("%e", Double.MAX_VALUE); c("%.2e", 9.999);
        c("%12.3e|", -1234.5); c("%-12.3e|", 1234.5); c("%012.3e", -1234.5); c("%#.0e", 3.0); c("%e", 1e23);
        c("%g", 1.0); c("%g", 0.0); c("%g", 0.0001); c("%g", 0.00001); c("%g", 123456.0); c("%g", 1234567.0);
        c("%g", 999999.5); c("%.0g", 1.5); c("%.1g", 0.00012); c("%.3g", 1234.0); c("%.3g", 999.5); c("%G", 1e-10);
        c("%.10g", Math.PI); c("%g", -0.0); c("%12g|", Math.E); c("%,g", 1234567.0); c("%g", Double.NaN);
        c("%d %s %f", 1, "two", 3.0); c("%2$s %1$s", "a", "b"); c("%s %<s", "x"); c("%d%%", 50);
        c("[%2147483648d]", 5); c("%.99999999999f", 1.0); c("%99999999999999999999d", 5);
        c("%d"); c("%d %d", 1); c("%d", 1.0); c("%f", 1); c("%c", "str"); c("%x", 1.0); c("%q", 1);
        c("%-d", 1); c("%05s", "x"); c("%.2d", 1); c("%.2c", 'a'); c("%#d", 1); c("%,x", 1); c("%+x", 1);
        c("%-05d", 1); c("%+ d", 1); c("%"); c("abc%"); c("%.f", 1.0); c("%#g", 1.0); c("%,e", 1.0);
        c("%c", -1); c("%c", 0x1F600); c("%s", (Object) null); c("%5n"); c("%#b", true); c("%#s", "x");
        c("%-s", "x"); c("%.3%"); c("%0%"); c("%3$d", 1); c("%<d", 1); c("%-+5$10.2f", 1.0);
        c("%2$s-%1$05d-%<x", 31, "z"); c("%S %B %X %E %G", "ab", true, 255, 1.5, 2.5);
        c("%b", (Object) null); c("%B", (Object) null); c("%.3b", (Object) null); c("%6b|", (Object) null);
        c("%b", "null"); c("%S", (Object) null); c("%c", (Object) null); c("%d", (Object) null);
        c("%05d", (Object) null); c("%-5x|", (Object) null); c("%.1f", (Object) null); c("%E", (Object) null);
        c("%#s", (Object) null); c("%s %b", null, null);
        // Flags given twice, and argument indices Java refuses (checked before the rest).
        c("start %--5d end", 3); c("%++d", -5); c("%  d", -5); c("%((d", 5); c("%,,d", -5);
        c("%##x", -5); c("%+-+5d", -5); c("%0,05d", -5); c("%00d", 5); c("%00f", 5.5);
        c("%-0-5d", 5); c("%-#-x", 5); c("%<<d", 5); c("%--5d", 5.5); c("%--%"); c("%00n");
        c("%0$s", "a"); c("%00$d", 5); c("%2147483648$s", "a"); c("%99999999999999999999$d", 5);
        c("%0$--5d", 5); c("%1$<s", "a"); c("%2$<s", "a", "b"); c("%1$-<5s|", "a");
        Random r = new Random(2026);
        String[] ffmts = {"%f", "%.0f", "%.1f", "%.2f", "%.3f", "%.10f", "%e", "%.3e", "%.0e", "%.12e", "%g",
            "%.3g", "%.10g", "%.1g", "%12.4f", "%-12.4e|", "%012.3f", "%+.2f", "%,.2f", "%(.2f", "% .3f"};
        for (int i = 0; i < 700; i++) {
            double v;
            switch (i % 5) {
                case 0: v = r.nextDouble() * Math.pow(10, r.nextInt(40) - 15); break;
                case 1: v = (r.nextInt(200000) - 100000) / 1000.0; break;
                case 2: v = (r.nextInt(20000) - 10000) / 8.0; break;
                case 3: v = Double.longBitsToDouble(r.nextLong()); break;
                default: v = Double.parseDouble((r.nextInt(1000000)) + "5E" + (r.nextInt(20) - 12)); break;
            }
            if (Double.isNaN(v)) continue;
            c(ffmts[i % ffmts.length], v);
            c(ffmts[(i * 7 + 3) % ffmts.length], -v);
        }
        for (int i = 0; i < 100; i++) {
            float v = r.nextFloat() * (float) Math.pow(10, r.nextInt(10) - 3);
            c(ffmts[i % ffmts.length], v);
        }
        String[] ifmts = {"%d", "%x", "%X", "%o", "%,d", "%+d", "%010d", "%-8d|", "%(d", "%#x", "%08X", "% d"};
        for (int i = 0; i < 200; i++) {
            Object v = (i % 2 == 0) ? (Object) r.nextInt() : (Object) r.nextLong();
            c(ifmts[i % ifmts.length], v);
        }
        System.out.print(out);
    }
}
