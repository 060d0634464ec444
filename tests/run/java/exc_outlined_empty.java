// args: 4000 0
// throws-at: 28:13
// A host loop that runs as a SOMD method of its own (eighty-fourth session) over an empty
// array it writes, with iterations to run: Java's ArrayIndexOutOfBoundsException at the
// store's first element. A device takes no call whose first `dist` argument is empty; the
// CPU runs the loop as written.
class Main {
    static int[] count(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + 1;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 11;
        }
        int[] h = new int[m];
        int[] c = count(a, 3);
        System.out.println("counted " + c[5]);
        for (int i = 0; i < c.length; i++) {
            int v = c[i] * 2;
            h[i] += v;
        }
        System.out.println("done " + h.length);
    }
}
