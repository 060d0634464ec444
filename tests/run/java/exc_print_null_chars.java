// `println(char[])` of `null` raises Java's `NullPointerException` (PrintStream reads the
// array), after what was printed before it.
class Main {
    public static void main(String[] args) {
        char[] none = null;
        if (args.length == 0) {
            System.out.print("x");
        }
        System.out.println(none);
    }
}
// throws-at: 9:9
