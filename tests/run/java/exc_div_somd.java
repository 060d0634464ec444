// Java twin of exc_div_somd.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Division by zero inside a SOMD method.
class Main {
    static int[] inverse(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 1000000 / a[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        for (int i = 0; i < a.length; i++) a[i] = i + 1;
        int[] r = inverse(a);
        System.out.println(r[0] + " " + r[63]);
        a[40] = 0;
        r = inverse(a);
        System.out.println(r[0]);
    }
}
// throws-at: 6:22
