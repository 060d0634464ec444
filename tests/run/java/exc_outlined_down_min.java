// args: 100
// throws-at: 24:13
// A host loop stepping down by 1 to `i >= Integer.MIN_VALUE`, storing at `w[i +
// Integer.MIN_VALUE]` (ninetieth session, review 165): its last ten iterations store to
// elements 9 down to 0, then Java's index wraps to `Integer.MAX_VALUE` and its store, at
// -1, fails. A kernel covers the iterations down to the bound only, so the call runs on
// the CPU (the index after the last, `lo - 1`, is no `int`): Java's
// ArrayIndexOutOfBoundsException (index -1), on every placement.
class Main {
    static int[] step(int[] p, int k) {
        int o = 0;
        int[] r = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            r[i] = (o + i) * 7 + k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] p = step(new int[n], 1);
        int[] w = new int[n];
        for (int i = -2147483648 + 9; i >= -2147483648; i--) {
            w[i + -2147483648] = p[i & 15];
        }
        System.out.println(w[0] + " " + w[9]);
    }
}
