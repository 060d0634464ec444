// String concatenation with every primitive type, left to right.
class Main {
    public static void main(String[] args) {
        byte b = -3;
        short s = 300;
        char c = 'Z';
        int i = -7;
        long l = 1L << 40;
        float f = 2.5f;
        double d = 1e-7;
        boolean t = true;
        System.out.println("b=" + b + " s=" + s + " c=" + c + " i=" + i + " l=" + l + " f=" + f + " d=" + d + " t=" + t);
        System.out.println(1 + 2 + "3" + 4 + 5);
        System.out.println("" + (1 + 2) + c + (char) (c + 1));
        System.out.println(c + c + "" + c);
        System.out.println("x" + -i + " " + (i - 1) + (f * 2) + (d * 0));
        String msg = "count: ";
        msg = msg + 3;
        msg += ", ok: " + t;
        System.out.println(msg);
        System.out.print("a");
        System.out.print('b');
        System.out.print(3);
        System.out.print(4L);
        System.out.print(5.0f);
        System.out.print(6.0);
        System.out.print(false);
        System.out.println();
        System.out.println(c);
        System.out.println(l);
        System.out.println(f);
        System.out.println(t);
        System.out.println("tab\there \"quoted\" back\\slash \u0041");
        System.err.println("to stderr");
    }
}
