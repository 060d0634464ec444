// args: 20000 4
// throws-at: 34:17
// A host loop over a SOMD result storing away from its index (`h[i + 1]`) runs as a SOMD
// method of its own (ninetieth session). Each round's range grows by one, and the last
// round's last iteration stores to `h[20000]`: Java's ArrayIndexOutOfBoundsException
// (index 20000, length 20000) at that store, on every placement, after the earlier
// rounds' sums.
class Main {
    static int[] count(int[] a, int k) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (o + i) % 9 + k + 1;
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
            int[] d = count(a, r);
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += h[i];
            }
            System.out.println("round " + r + " " + s);
            for (int i = 0; i < n - 3 + r; i++) {
                h[i + 1] = 1000 / d[i] + r;
            }
        }
        System.out.println("done " + h[5]);
    }
}
