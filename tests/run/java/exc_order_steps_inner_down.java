// A step loop inside a step loop around a loop stepping down over a 1-D partition: in
// outer step 1, inner step 1 reads past a table at elements 5 and 90000, inner step 2 at
// element 95000. Java raises element 90000's (index 402): inner step 1 comes first, and in
// it the loop meets element 90000 before element 5 (note device-execution, "Steps inside a
// step"); before, two MIs or more raised element 5's (index 405).
class Main {
    static long run(int[] a, int[] b, int outer, int inner) {
        long s = 0;
        for (int t = 0; t < outer; t++) {
            for (int r = 0; r < inner; r++) {
                for (int i = a.length - 1; i >= 0; i--) {
                    s += b[a[i] + 10 * r + 100 * t] ^ (long) (i);
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
            b[k] = k * 7 % 101;
        }
        for (int i = 0; i < n; i++) {
            a[i] = i % 10;
        }
        System.out.println(run(a, b, 3, 3));
        a[5] = 295;
        a[90000] = 292;
        a[95000] = 288;
        System.out.println(run(a, b, 2, 3));
    }
}
// throws-at: 12:26
