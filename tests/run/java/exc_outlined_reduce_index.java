// args: 20000 4
// throws-at: 29:35
// A host loop reducing SOMD results that runs as a SOMD method of its own (eighty-fifth
// session) reads one element past the result in its last round (its bound is one more
// than the result's length then): Java's ArrayIndexOutOfBoundsException, index 20000, on
// every placement, after the earlier rounds' extrema.
class Main {
    static double[] spread(int[] a, int k) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] - 6) * (k + 0.5);
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
        double hi = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < rounds; r++) {
            double[] d = spread(a, r);
            int extra = r == rounds - 1 ? 1 : 0;
            System.out.println("round " + r + " " + hi);
            for (int i = 0; i < n + extra; i++) {
                hi = Math.max(hi, d[i] * 2 - a[i % 7]);
            }
        }
        System.out.println("done " + hi);
    }
}
