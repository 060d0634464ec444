// args: 100000 3
// throws-at: 34:25
// A host loop stepping down over SOMD results that runs as a SOMD method of its own fails
// twice in its last round: at element 70000, reading a table at index -1, and from element
// 20000, dividing by zero. Java reaches element 70000 first; the CPU path's MIs take
// the range from the top (eighty-seventh session), so the read's MI comes before the
// division's: Java's ArrayIndexOutOfBoundsException, on every placement.
class Main {
    static int[] shift(int[] a, int k, int bad) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = o + i == bad ? -1 : a[i] + k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        int[] t = new int[n + 1];
        for (int i = 0; i < n; i++) {
            a[i] = i;
            t[i] = i % 9;
        }
        int[] h = new int[n];
        for (int r = 0; r < rounds; r++) {
            boolean last = r == rounds - 1;
            int[] q = shift(a, last ? -20000 : 1, -1);
            int[] p = shift(a, 0, last ? 70000 : -1);
            System.out.println("round " + r + " " + h[1] + " " + h[n - 1]);
            for (int i = n - 1; i >= 0; i--) {
                h[i] += t[p[i]] + 1000 / q[i];
            }
        }
        System.out.println("done " + h[0]);
    }
}
