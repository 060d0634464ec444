// Java twin of exc_first_of_many_steps.somd: one MI, loops in order.
// A time-step loop around the loop over an MI's partition: Java finishes step 0 over every
// element before step 1, so step 0's failure at element 90000 (index 5000) wins over step
// 1's at element 5 (index 2500), although the MI holding element 5 comes first in
// partition order. The method runs on the CPU on every placement (the parallel-loop
// analysis takes the outer loop, whose index does not index `out`), where each MI marks
// its step.
class Main {
    static int[] steps(int[] a, int[] table, int count) {
        int[] out = new int[a.length];
        for (int t = 0; t < count; t++) {
            for (int i = 0; i < a.length; i++) {
                out[i] += table[a[i] + t * 1000];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 100;
        int[] table = new int[2100];
        for (int k = 0; k < table.length; k++) table[k] = k % 13;
        int[] r = steps(a, table, 3);
        System.out.println(r[7] + " " + r[n - 1]);
        a[5] = 1500;
        a[90000] = 5000;
        r = steps(a, table, 3);
        System.out.println(r[0]);
    }
}
