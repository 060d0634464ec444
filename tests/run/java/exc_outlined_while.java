// args: 40000 3
// throws-at: 35:22
// A host `while` loop over SOMD results, rewritten into a counted loop (`loop_forms`) and
// run as a SOMD method of its own (ninety-first session), divides by an element's remainder,
// which is zero first at element 38471 of the last round: Java's ArithmeticException there,
// on every placement, after the earlier rounds' sums.
class Main {
    static long[] mix(long[] a, long k) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k % 1000003;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = 2 * i + 1;
        }
        long total = 0;
        for (int round = 0; round < rounds; round++) {
            long[] p = mix(x, 3);
            if (round == rounds - 1) {
                x[38471] = 1000003;
                x[39990] = 0;
                p = mix(x, 3);
            }
            long s = 0;
            int i = 0;
            while (i < n) {
                long q = p[i] % 1000003 + 1;
                s += 1000000 / (q - 1) - q;
                i += 1;
            }
            total += s;
            System.out.println(round + ": " + s);
        }
        System.out.println("never " + total);
    }
}
