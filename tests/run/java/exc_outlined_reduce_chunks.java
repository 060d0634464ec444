// args: 100000 3
// throws-at: 34:22
// A host loop reducing SOMD results that runs as a SOMD method of its own fails twice in
// its last round: at element 40000, reading a table at index -1, and from element 90000
// on, dividing by zero. Its CPU path splits the loop's range among MIs (eighty-sixth
// session), so the division fails in an MI past the read's, which may end first: Java's
// first failure, the ArrayIndexOutOfBoundsException of element 40000, on every placement.
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
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            boolean last = r == rounds - 1;
            int[] q = shift(a, last ? -90000 : 1, -1);
            int[] p = shift(a, 0, last ? 40000 : -1);
            System.out.println("round " + r + " " + s);
            for (int i = 0; i < n; i++) {
                s += t[p[i]] + 1000 / q[i];
            }
        }
        System.out.println("done " + s);
    }
}
