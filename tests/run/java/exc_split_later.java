// args: 40000 30011
// throws-at: 32:22
// A host loop split in two (eighty-ninth session) whose second loop may fail and whose
// first cannot: the first takes a minimum over the whole range, then the second divides
// by an element that is zero from the second round at index 30,011. Java's
// ArithmeticException comes from the second loop at that index, on every placement.
class Main {
    static int[] divisors(int[] a, int stop) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            out[i] = g == stop ? 0 : a[i] % 11 - 12;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int stop = Integer.parseInt(args[1]);
        int[] a = new int[n];
        long[] y = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 97 + 1;
        }
        for (int r = 0; r < 3; r++) {
            int[] d = divisors(a, r == 1 ? stop : -1);
            // A minimum and a sum of quotients (each element in range: `i < d.length`).
            int least = Integer.MAX_VALUE;
            long t = 0;
            for (int i = 0; i < d.length; i++) {
                least = Math.min(least, d[i]);
                t += 1000 / d[i];
            }
            // Two arrays the length of `n`, stored from 0 to `n - 1`.
            long[] u = new long[n];
            for (int i = 0; i <= n - 1; i++) {
                u[i] = d[i] * 3L;
                y[i] = u[i] + r;
            }
            a = divisors(a, -1);
            System.out.println(r + " " + least + " " + t + " " + u[n - 1] + " " + y[n / 3]);
        }
    }
}
