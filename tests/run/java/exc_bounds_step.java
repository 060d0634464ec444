// Java twin of exc_bounds_step.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// An out-of-bounds access in a stepped SOMD loop (`i += 4`, four keys per iteration) ends
// the program at its position on every placement; only one element triggers it, so the
// message does not depend on the number of MIs.
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    static int[] lookup(int[] keys, int[] table) {
        int[] out = new int[keys.length];
        for (int i = 0; i < keys.length; i += 4) {
            out[i] = table[keys[i]] + table[keys[i + 1]];
            out[i + 1] = table[keys[i + 2]] - table[keys[i + 3]];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] table = {10, 20, 30, 40};
        int[] keys = new int[100];
        for (int i = 0; i < keys.length; i++) keys[i] = (i * 7) % 4;
        int[] out = lookup(keys, table);
        long h = 0;
        for (int i = 0; i < out.length; i++) h = h * 31 + out[i];
        System.out.println(h);
        keys[78] = 9;
        System.out.println(lookup(keys, table)[0]);
    }
}
// throws-at: 22:26
