// args: 30000 4
// throws-at: 31:25
// A host loop stepping by 3 (run as a SOMD method of its own since the eighty-eighth
// session) divides by a SOMD result that is zero at every index `i % 3 == 1`, which the
// loop never reaches, and, in the last round, at index 20001 and past it: Java's
// ArithmeticException at index 20001. A CPU MI starting at its share's first index
// rather than the first the step reaches would divide by one of the zeros Java skips.
class Main {
    static int[] divisors(int[] a, int k) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int g = o + i;
            r[i] = g % 3 == 1 || (k == 3 && g >= 20001) ? 0 : a[i] * k + 1;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 13;
        }
        int[] h = new int[n];
        for (int r = 0; r < rounds; r++) {
            int[] d = divisors(a, r);
            System.out.println("round " + r + " " + h[3] + " " + h[n - 3]);
            for (int i = 0; i < n; i += 3) {
                h[i] += 1000000 / d[i];
            }
        }
        System.out.println("done " + h[0]);
    }
}
