// `Double.doubleToLongBits` and `Float.floatToIntBits` give the canonical NaN whatever NaN
// an operation made (`sqrt` of a negative makes one with its sign bit set on x86), also
// where the compiler sees the operation that made it.
class Main {
    public static void main(String[] args) {
        double p = Double.parseDouble("-4");
        double inf = 1.0 / (p + 4);
        System.out.println(Double.doubleToLongBits(Math.sqrt(p)));
        System.out.println(Double.doubleToLongBits(Math.sqrt(p)) == 0x7ff8000000000000L);
        System.out.println(Double.doubleToLongBits(Math.log(p)));
        System.out.println(Double.doubleToLongBits(inf - inf));
        System.out.println(Double.doubleToLongBits(-(inf - inf)));
        System.out.println(Double.doubleToLongBits(0.0 * inf));
        float f = (float) p;
        System.out.println(Float.floatToIntBits((float) Math.sqrt(f)));
        System.out.println(Float.floatToIntBits(-((float) inf - (float) inf)));
        System.out.println(Float.floatToIntBits(f) + " " + Double.doubleToLongBits(p));
    }
}
