// Java twin of reduce_ops.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Every operator on int, long, double and boolean, including empty inputs
// (identities).
class Main {
    static int sumI(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static long product(long[] a) {
        long p = 1;
        for (int i = 0; i < a.length; i++) p *= a[i];
        return p;
    }

    static int minI(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.min(m, a[i]);
        return m;
    }

    static long maxL(long[] a) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    static double minD(double[] a) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.min(m, a[i]);
        return m;
    }

    static double maxD(double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    static int andI(int[] a) {
        int m = -1;
        for (int i = 0; i < a.length; i++) m &= a[i];
        return m;
    }

    static long orL(long[] a) {
        long m = 0;
        for (int i = 0; i < a.length; i++) m |= a[i];
        return m;
    }

    static int xorI(int[] a) {
        int m = 0;
        for (int i = 0; i < a.length; i++) m ^= a[i];
        return m;
    }

    static boolean allPositive(int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = ok && a[i] > 0;
        return ok;
    }

    static boolean anyEven(int[] a) {
        boolean found = false;
        for (int i = 0; i < a.length; i++) found = found || a[i] % 2 == 0;
        return found;
    }

    static double sumHalves(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static int maxI(int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 6, 25, 300};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            long[] l = new long[n];
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 7919) % 1000 + 1;
                l[i] = (i % 5 == 0) ? 3 : ((i % 7) + 1L) << (i % 50);
                d[i] = (i % 9) * 0.5 - 1.0;
            }
            System.out.println(n + ": + " + sumI(a) + " * " + product(l) + " min " + minI(a) + " max " + maxL(l)
                + " minD " + minD(d) + " maxD " + maxD(d) + " & " + andI(a) + " | " + orL(l) + " ^ " + xorI(a)
                + " && " + allPositive(a) + " || " + anyEven(a) + " sumD " + sumHalves(d) + " maxI " + maxI(a));
        }
        int[] big = new int[100000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 65599;
        }
        System.out.println(sumI(big) + " " + xorI(big));
    }
}
