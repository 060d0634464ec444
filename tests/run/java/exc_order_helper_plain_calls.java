// An MI body calls a helper `both` passed its partition of `a`, which calls `sum` (one loop
// over the array it is passed, no marks of its own) twice in one statement. `a` fails at
// element 900 in the first call (index 150) and at element 100 in the second (index 200).
// Java raises the first call's: it runs `sum` over the whole array before the second call
// (note device-execution, "Helpers calling helpers without marks"); before, a helper calling
// only such helpers was no marking helper, its calls were not numbered, and two MIs or more
// raised the second call's, first in partition order.
class Main {
    static long sum(int[] r, int[] b, int k) {
        long s = 0;
        for (int j = 0; j < r.length; j++) {
            s += b[(r[j] >> k) & 0xFF];
        }
        return s;
    }

    static long both(int[] r, int[] b) {
        return sum(r, b, 0) - sum(r, b, 8) * 3;
    }

    static long total(int[] a, int[] b) {
        long s = 0;
        s += both(a, b);
        return s;
    }

    public static void main(String[] args) {
        int n = 1000;
        int[] a = new int[n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = 7 * k - 300;
        }
        for (int i = 0; i < n; i++) {
            a[i] = (i * 5) % 90 + ((i * 3) % 80 << 8);
        }
        System.out.println(total(a, b));
        a[900] = 150;
        a[100] = 200 << 8;
        System.out.println(total(a, b) + " unreachable");
    }
}
// throws-at: 12:18
