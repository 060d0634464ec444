// A helper an MI calls from the top level of its body, walking the 1-D partition it is
// passed from the last element: elements 5 and 90000 read past a table. Java raises
// element 90000's (index 300): it meets the later elements first (note device-execution,
// "Helpers an MI calls"); before, two MIs or more raised element 5's, first in partition
// order.
class Main {
    static long back(int[] a, int[] b) {
        long s = 0;
        for (int i = a.length - 1; i >= 0; i--) {
            s += b[a[i]] * (long) (a[i] % 5 + 1);
        }
        return s;
    }

    static long run(int[] a, int[] b) {
        return back(a, b);
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        int[] b = new int[256];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 5 - 600;
        }
        for (int i = 0; i < n; i++) {
            a[i] = i % 250;
        }
        System.out.println(run(a, b));
        a[5] = 400;
        a[90000] = 300;
        System.out.println(run(a, b));
    }
}
// throws-at: 10:18
