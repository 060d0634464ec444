// A helper an MI calls from the top level of its body, holding two loops over the 1-D
// partition it is passed: element 5 fails in the second loop and element 90000 in the
// first. Java raises the first loop's (index 300): the helper runs once over the whole
// array, its first loop to the end before the second (note device-execution, "Helpers an
// MI calls"); before, two MIs or more raised element 5's, first in partition order.
class Main {
    static long both(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += b[a[i] % 1000];
        }
        for (int i = 0; i < a.length; i++) {
            s += b[a[i] / 1000] * 2;
        }
        return s;
    }

    static long run(int[] a, int[] b) {
        return both(a, b);
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        int[] b = new int[256];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 5 - 600;
        }
        for (int i = 0; i < n; i++) {
            a[i] = i % 200 + 1000 * (i % 250);
        }
        System.out.println(run(a, b));
        a[5] = 7 + 1000 * 400;
        a[90000] = 300;
        System.out.println(run(a, b));
    }
}
// throws-at: 10:18
