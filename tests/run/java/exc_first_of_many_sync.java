// Java twin of exc_first_of_many_sync.somd: one MI, loops in order.
// Two kernels of one `sync` step fail: the first loop at its last element only, the
// second (which Java runs after it) at every element. The first loop's failure is Java's,
// though the second loop's failures have smaller indices and the host reads the failures
// of both launches at once.
class Main {
    static long[] steps(long[] a, long[] b, long[] table) {
        for (int p = 0; p < 2; p++) {
            {
                for (int i = 0; i < a.length; i++) {
                    b[i] = a[i] + table[(int) (a[i] / 33334) * p];
                }
            }
            {
                for (int i = 0; i < a.length; i++) {
                    a[i] = a[i] + 10 / (b[i] - a[i] - p * table[0]);
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int n = 100000;
        long[] a = new long[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) a[i] = i;
        long[] table = {3, 1, 4};
        long[] r = steps(a, b, table);
        System.out.println(r[10] + " " + r[n - 1]);
    }
}
