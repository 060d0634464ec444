// args: 100000 3
// throws-at: 37:21
// A host loop over SOMD results that sets a flag under a condition runs as a SOMD method of
// its own (eighty-seventh session). Java evaluates the condition in every iteration, the
// flag set or not: in the last round the flag is set at element 0, element 30000 reads a
// table at index -1 and element 60000 divides by zero. Java's ArrayIndexOutOfBoundsException
// at element 30000, on every placement.
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
        int found = 0;
        for (int r = 0; r < rounds; r++) {
            boolean last = r == rounds - 1;
            int[] p = shift(a, 0, last ? 30000 : -1);
            int[] q = shift(a, last ? -60000 : 1, -1);
            boolean any = false;
            for (int i = 0; i < n; i++) {
                if (p[i] == 0) {
                    any = true;
                }
                if (t[p[i]] + 1000 / q[i] > 5000) {
                    any = true;
                }
            }
            if (any) {
                found++;
            }
            System.out.println("round " + r + " " + found);
        }
    }
}
