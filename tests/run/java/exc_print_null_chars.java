// `println(char[])` of `null` raises Java's `NullPointerException` (PrintStream reads the
// array), after what was printed before it; a `null` cast to `char[]` is one too (cast to
// `String`, it prints `null`).
class Main {
    public static void main(String[] args) {
        char[] none = null;
        if (args.length == 0) {
            System.out.print("x");
        }
        System.out.println((String) null);
        if (none != null) {
            System.out.println(none);
        }
        System.out.println((char[]) null);
    }
}
// throws-at: 14:9
