// Java twin of exc_bounds_somd.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// An out-of-bounds access inside a SOMD method ends the program like one in main; only
// one element triggers it, so the message does not depend on the number of MIs.
class Main {
    static long lookup(int[] keys, long[] table) {
        long s = 0;
        for (int i = 0; i < keys.length; i++) {
            s += table[keys[i]];
        }
        return s;
    }

    public static void main(String[] args) {
        long[] table = {10, 20, 30, 40};
        int[] keys = new int[100];
        for (int i = 0; i < keys.length; i++) keys[i] = i % 4;
        System.out.println(lookup(keys, table));
        keys[77] = 9;
        System.out.println(lookup(keys, table));
    }
}
// throws-at: 7:18
