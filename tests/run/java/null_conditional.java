// A conditional both of whose arms are `null` has the null type: compared with `null` or
// an object, concatenated and formatted, it is `null`, and its conditions still run in
// Java's order (their prints show it).
class Main {
    static int calls = 0;

    static boolean next(String what) {
        calls++;
        System.out.println("  test " + what + " (" + calls + ")");
        return calls % 2 == 0;
    }

    public static void main(String[] args) {
        boolean b = args.length == 0;
        System.out.println((b ? null : null) == null);
        System.out.println(null != (b ? null : null));
        System.out.println((next("a") ? null : null) == (next("b") ? null : null));
        // (javac 17's string concatenation drops a null-typed operand's evaluation, so
        // the twin's concatenations take conditions without effects.)
        System.out.println("" + (b ? null : null) + "/" + (!b ? null : null));
        Main m = new Main();
        System.out.println(m == (next("d") ? null : (next("e") ? null : null)));
        Main none = null;
        System.out.println((next("f") ? null : null) != none);
        String s = next("g") ? null : null;
        System.out.println("s=" + s);
        int k = 0;
        String t = "k" + k++ + (k > 0 ? null : null) + k;
        System.out.println(t);
        System.out.println(String.format("%s|%s", "x", next("i") ? null : null));
        System.out.println(calls);
    }
}
