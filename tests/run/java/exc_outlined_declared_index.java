// args: 20000 4
// throws-at: 34:26
// A host loop over a SOMD result whose index is declared before it runs as a SOMD method
// of its own (ninetieth session), and divides by an element of the result that is zero
// from element 777 of the last round on: Java's ArithmeticException at the division of
// element 777, on every placement, after the earlier rounds' totals.
class Main {
    static int[] count(int[] a, int k) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (o + i) >= 777 && k == 3 ? 0 : a[i] * k + 1;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int i;
        int[] a = new int[n];
        for (i = 0; i < n; i++) {
            a[i] = i % 13;
        }
        int[] q = new int[n];
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            int[] d = count(a, r);
            for (i = 0; i < n; i++) {
                q[i] += d[i] * 3;
            }
            System.out.println("round " + r + " " + total + " " + q[n - 1]);
            for (i = 0; i < n; i++) {
                total += 1000000 / d[i];
            }
        }
        System.out.println("done " + total);
    }
}
