// Java twin of somd_misc.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// local variables, parameters passed by value, instance SOMD methods, Somd.offset and
// Somd.globalLength outside SOMD methods, SOMD methods calling ordinary methods.
class Main {
    long bias;

    Main(long bias) {
        this.bias = bias;
    }

    // An instance SOMD method reading a field of this.
    long biasedSum(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] + bias;
        return s;
    }

    static long square(long x) {
        return x * x;
    }

    // A local variable is partitioned like the array its length comes from.
    static long[] squares(long[] a) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) c[i] = square(a[i]) + 0 + i;
        return c;
    }

    // Writes to parameters stay inside the MI.
    static long scribble(long[] a, long[] whole) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = -1;
            s += a[i];
        }
        if (whole.length > 0) whole[0] = 12345;
        return s;
    }

    public static void main(String[] args) {
        long[] a = new long[20];
        for (int i = 0; i < a.length; i++) a[i] = i * 3 - 7;
        Main m = new Main(100);
        System.out.println(m.biasedSum(a));
        long[] s = squares(a);
        long h = 0;
        for (int i = 0; i < s.length; i++) h = h * 5 + s[i];
        System.out.println(s.length + " " + h);
        long[] whole = {1, 2, 3};
        System.out.println(scribble(a.clone(), whole.clone()) + " " + a[0] + " " + a[19] + " " + whole[0]);
        System.out.println(0 + " " + a.length);
        long[][] g = new long[4][6];
        System.out.println(0 + " " + 0 + " " + g.length + " " + g[0].length);
        System.out.println(new Main(-1).biasedSum(new long[0]) + " " + new Main(-1).biasedSum(new long[3]));
    }
}
