// Hexadecimal floating-point literals (JLS §3.10.2): each rounded once, to nearest even,
// to its own type, subnormals included; the bits show the rounding.
class Main {
    static void d(double v) {
        System.out.println(v + " " + Double.doubleToLongBits(v));
    }

    static void f(float v) {
        System.out.println(v + " " + Float.floatToIntBits(v));
    }

    public static void main(String[] args) {
        d(0x1p3);
        d(0x1.8p1);
        d(0x.8p1);
        d(0X1P-1074);
        d(0x0.0000000000001p-1022);
        d(0x1.fffffffffffffp1023);
        d(0x1.00000000000008p0);
        d(0x1.00000000000018p0);
        d(0x1.000000000000080000001p0);
        d(0x123456789abcdef0123456789p0);
        d(0x0.000000000000000000000000001p0);
        d(0x1_0.4_0p-1_0);
        d(0x1.8p-1074);
        d(0x1.0000000000000000000000000000000000000001p-1075);
        d(0xAp0d);
        d(-0x1p-2);
        d(0x0p-99999999999999999999);
        f(0x0.0p99999999999999999999f);
        f(0x1.8p1f);
        f(0x1p-149f);
        f(0x1.fffffep127f);
        f(0x1.000001p0f);
        f(0x1.000003p0f);
        f(0x1.0000010000000001p0f);
        f(0x1.0000007fffffffffffp0f);
        f(0x1.7p-149f);
        f(0x1.9p-149f);
        f(0x0.000001p0F);
        float g = 0x1p4f * 0x1p-2f;
        double h = 0x1p4 / 0x1p-2;
        System.out.println(g + " " + h);
    }
}
