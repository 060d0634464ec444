// One array of references given to `printf` or `String.format` is Java's `Object...` array
// itself: its elements are the arguments (a `String[]`, `args`, an array of objects), a
// `null` element prints `null`, and a `null` array gives `null` to every specifier. An
// array of primitives stays one argument.
// args: x y
class Main {
    public static void main(String[] args) {
        String[] parts = {"p", "q", "r"};
        System.out.printf("%s+%s+%s%n", parts);
        System.out.println(String.format("%2$s %1$s %<S", parts));
        System.out.printf("[%s|%s]%n", args);
        String[] holes = {"a", null};
        System.out.println(String.format("%s %s %b %b", "x", "y", holes[0], holes[1]));
        System.out.println(String.format("%s %S", holes));
        String[] none = null;
        System.out.println(String.format("%s %s %b %5s", (Object[]) none));
        int[] ints = {1, 2};
        System.out.println(String.format("%b %b", ints, null));
        int[][] rows = {{1}, {2}};
        System.out.println(String.format("%b %b", (Object[]) rows));
        String[] texts = {"null", "ab"};
        System.out.println(String.format("%b %b", (Object[]) texts));
        System.out.printf("%s %s%n", (Object[]) (String[]) null);
        System.out.println(String.format("%s", (Object[]) (int[][]) null));
        String[] empty = {};
        System.out.println(String.format("plain", empty) + String.format("%%", parts));
    }
}
