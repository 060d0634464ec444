// args: 1000
// throws-at: 14:18
// A host loop to `i <= top` with `top` = `Integer.MAX_VALUE`: Java's test always holds, so
// the loop runs until `x[i]` fails at `x.length`. The CPU back end's unchecked copy of a
// loop `i <= hi` (eighty-eighth session) bounds it by `hi + 1`, which is no `int` here: the
// loop as written runs, and raises Java's exception.
class Main {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] x = new int[n];
        long s = 0;
        int top = Integer.MAX_VALUE;
        for (int i = n - 5; i <= top; i++) {
            s += x[i];
            s = s * 3 + i;
        }
        System.out.println("never " + s);
    }
}
