// Java twin of exc_line_ends.somd: the same bytes (mixed line ends).
// A `//` comment ends at a lone CR, so the statement after one runs; the exception's
// line counts every kind of line end.
class Main {
    public static void main(String[] args) {        int x = 1; // set to one        x = x + 1;
        int[] a = new int[2];        System.out.println(x);
        a[x] = 3;    }
}

