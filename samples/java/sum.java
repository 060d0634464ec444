// Java twin of sum.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Sum of the elements of an array with a self reduction, SOMD paper (000) Listing 9.
//
// `reduce(self)` applies `sum` itself, as an ordinary call, to the array of the MIs'
// partial sums, so the map and the reduce stage run the same code. The parameter type
// `int[]` accepts `R[]` for the result type `R = int`, as section 2.3 requires.
// `sumLong` shows the same with `reduce(+)`, which the paper notes would also do.
//
// Usage: sum [N]   (default N = 200000)

import java.util.Random;

class Sum {

    static int sum(int[] a) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }

    static long sumLong(int[] a) {
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        Random random = new Random(9);
        int[] a = new int[n];
        long expected = 0;
        for (int i = 0; i < n; i++) {
            a[i] = random.nextInt(2001) - 1000;
            expected += a[i];
        }

        int total = sum(a);
        long totalLong = sumLong(a);

        System.out.println("sum n=" + n);
        System.out.println("reduce(self) " + total);
        System.out.println("reduce(+)    " + totalLong);
        System.out.println(total == (int) expected && totalLong == expected ? "OK" : "MISMATCH");
    }
}
