// Java twin of exc_somd_results.somd. A SOMD call whose result stays on the device (`rt::device::LazyArr`) still raises its
// exception at the call: the third round divides by zero at element 0, after two rounds
// whose results never came down.
class Main {
    static int[] step(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] - 1 + 7 / a[i] - 7 / a[i];
        }
        return r;
    }

    static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[100000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i + 2;
        }
        for (int round = 0; round < 4; round++) {
            a = step(a);
            System.out.println(round + " " + sum(a));
        }
        System.out.println(a[0]);
    }
}
