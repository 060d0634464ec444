// Two loops over a 1-D partition in the body of a step loop inside a step loop: in inner
// step 0 the first loop reads past a table at element 90000 and the second at element 5,
// which comes first in partition order. Java raises the first loop's (index 400): it
// finishes the first loop over all the data before the second (note device-execution,
// "Steps inside a step"); before, two MIs or more raised the second loop's (index 500).
class Main {
    static long run(int[] a, int[] b, int outer, int inner) {
        long s = 0;
        for (int t = 0; t < outer; t++) {
            for (int r = 0; r < inner; r++) {
                for (int i = 0; i < a.length; i++) {
                    s += b[a[i] + 10 * r] * (long) (t + 1);
                }
                for (int i = 0; i < a.length; i++) {
                    s -= b[a[i] * 2 + r];
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
            b[k] = k * 13 % 97 - 40;
        }
        for (int i = 0; i < n; i++) {
            a[i] = i % 150;
        }
        System.out.println(run(a, b, 2, 3));
        a[5] = 250;
        a[90000] = 400;
        System.out.println(run(a, b, 2, 2));
    }
}
// throws-at: 12:26
