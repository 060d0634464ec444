// A step loop inside a step loop around a loop over a 1-D partition: in outer step 1, inner
// step 0 reads past a table at element 90000 and inner step 1 at element 5, which comes
// first in partition order. Java raises element 90000's (index 400): it finishes inner step
// 0 over all the data before inner step 1 (note device-execution, "Steps inside a step");
// before, two MIs or more raised element 5's.
class Main {
    static long run(int[] a, int[] b, int outer, int inner) {
        long s = 0;
        for (int t = 0; t < outer; t++) {
            for (int r = 0; r < inner; r++) {
                for (int i = 0; i < a.length; i++) {
                    s += b[a[i] + 10 * r + 100 * t] * (long) (i + 1);
                }
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        int[] b = new int[400];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 3 - 500;
        }
        for (int i = 0; i < n; i++) {
            a[i] = i % 10;
        }
        System.out.println(run(a, b, 3, 3));
        a[5] = 292;
        a[90000] = 300;
        System.out.println(run(a, b, 1, 3));
        System.out.println(run(a, b, 2, 2));
    }
}
// throws-at: 12:26
