// Java twin of vectoradd.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Vector addition, SOMD paper (000) Listing 8.
//
// `add` is a SOMD method: both `dist` parameters use the built-in block strategy and have
// the same length, so element i of `a` and element i of `b` land in the same method
// instance (MI). Each MI fills a partition-sized array; the default reduction for an
// array result assembles the partial arrays in partition order.
//
// Usage: vectoradd [N]   (default N = 100000)

import java.util.Random;

class VectorAdd {

    static int[] add(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        Random random = new Random(8);
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextInt(1000000);
            b[i] = random.nextInt(1000000);
        }

        int[] c = add(a, b);

        long checksum = 0;
        boolean ok = c.length == n;
        for (int i = 0; i < n; i++) {
            checksum = checksum * 31 + c[i];
            if (c[i] != a[i] + b[i]) {
                ok = false;
            }
        }
        System.out.println("vectoradd n=" + n);
        System.out.println("checksum " + checksum);
        System.out.println("c[0]=" + c[0] + " c[n-1]=" + c[n - 1]);
        System.out.println(ok ? "OK" : "MISMATCH");
    }
}
