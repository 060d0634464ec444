// Literal forms: hex, binary, underscores, long suffix, floating forms, char escapes.
// (The package line of literals.somd is left out: the twin runs as the unnamed package.)

import java.util.Random;

class Main {
    public static void main(String[] args) {
        System.out.println(0x7fffffff + " " + 0x80000000 + " " + 0xFFFFFFFF + " " + 0xCAFE_BABE);
        System.out.println(0b1010 + " " + 0b1111_0000 + " " + 0b10000000000000000000000000000000);
        System.out.println(1_000_000 + " " + 0x0 + " " + 0 + " " + 0_0);
        System.out.println(0x7fffffffffffffffL + " " + 0x8000000000000000L + " " + 9_223_372_036_854_775_807L + " " + 0b1L);
        System.out.println(-2147483648 + " " + -9223372036854775808L);
        System.out.println(1.0 + " " + .5 + " " + 2f + " " + 2.0d + " " + 1e-3 + " " + 1E3 + " " + 5.f + " " + 1e1f);
        System.out.println(3.4028235e38f + " " + 1.4e-45f + " " + 4.9e-324 + " " + 1.7976931348623157e308);
        System.out.println('\'' + " " + '"' + " " + "\"" + " " + '\\' + " " + (int) '\t' + " " + (int) '\r' + " " + (int) '\0');
        System.out.println((int) '\u00e9' + " " + (int) '\177' + " " + (int) '\u0000');
        System.out.println(1e0 + 1e-0 + 0e0);
        System.out.println(123L * 1_000L + 0x10L);
        Random unused = new Random(0);
        System.out.println(unused.nextInt(10));
    }
}
