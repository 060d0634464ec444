// Java twin of exc_stack_overflow.somd: one method instance over the whole array.
class Main {
    static int rec(int n) {
        if (n == 0) {
            return 0;
        }
        return rec(n - 1) * 31 + n;
    }

    static long deep(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += rec(a[i]);
        }
        return s;
    }

    public static void main(String[] args) {
        System.out.println("start");
        int[] a = new int[64];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 100;
        }
        System.out.println(deep(a));
        a[40] = 100000000;
        System.out.println(deep(a));
        System.out.println("end");
    }
}
