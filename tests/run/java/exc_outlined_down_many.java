// args: 100000 3
// throws-at: 34:25
// A host loop stepping down over SOMD results that runs as a SOMD method of its own fails
// 20,001 times in its last round: every element from 20000 down divides by zero, and
// element 70000 reads a table at index -1. Java reaches element 70000 first. On the device
// the loop's work-items run its indices upwards and meet the divisions first, each an
// earlier failure in Java's order than the ones before: the read's is still the one raised.
class Main {
    static int[] floor(int[] a, int from, int bad) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = o + i == bad ? -1 : a[i] <= from ? 0 : a[i];
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        int[] t = new int[n + 1];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
            t[i] = i % 9;
        }
        int[] h = new int[n];
        for (int r = 0; r < rounds; r++) {
            boolean last = r == rounds - 1;
            int[] q = floor(a, last ? 20001 : 0, -1);
            int[] p = floor(a, -1, last ? 70000 : -1);
            System.out.println("round " + r + " " + h[1] + " " + h[n - 1]);
            for (int i = n - 1; i >= 0; i--) {
                h[i] += t[p[i]] + 1000 / q[i];
            }
        }
        System.out.println("done " + h[0]);
    }
}
