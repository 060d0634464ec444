// args: 100000 3
// throws-at: 11:16
// A host loop reducing SOMD results that runs as a SOMD method of its own calls a static
// helper (eighty-sixth session), which divides by an element of a SOMD result that is
// zero at element 30000 of the last round; element 60000 reads a table at index -1. Its
// CPU path splits the loop's range among MIs, so the read fails in an MI past the
// division's: Java's first failure, the ArithmeticException in the helper at element
// 30000, on every placement.
class Main {
    static int ratio(int v, int d) {
        return v / d + 1;
    }

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
            int[] q = shift(a, last ? -30000 : 1, -1);
            int[] p = shift(a, 0, last ? 60000 : -1);
            System.out.println("round " + r + " " + s);
            for (int i = 0; i < n; i++) {
                s += ratio(1000000, q[i]) + t[p[i]];
            }
        }
        System.out.println("done " + s);
    }
}
