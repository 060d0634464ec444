// Java twin of exc_late_call.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// A fault in a late call of a long loop of device calls: every call reads its error words
// with its results, and a call that recorded no failure leaves its error buffer to a later
// one. The 33rd call of `step` indexes past `table` at one element, which raises
// ArrayIndexOutOfBoundsException at that access after the first 32 rounds printed.
// throws-at: 11:29
class Main {
    static int[] step(int[] a, int[] table, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int at = 0 + i == 13 && k == 32 ? 6 : (a[i] + k) % 4;
            out[i] = a[i] + table[at];
        }
        return out;
    }

    static long total(int[] a, int k) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * (k + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int[] table = {3, 1, 4, 1};
        int[] a = new int[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        for (int k = 0; k < 40; k++) {
            a = step(a, table, k);
            System.out.println(k + ": " + a[13] + " " + total(a, k));
        }
        System.out.println("never " + a[0]);
    }
}
