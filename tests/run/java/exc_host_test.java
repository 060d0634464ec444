// Java twin of exc_host_test.somd: one MI (the method works on a copy of its argument).
class Main {
    static long[] steps(long[] a0, int k) {
        long[] a = a0.clone();
        int r = 0;
        while (r < 6 && 60 / (k - r) > 0) {
            for (int i = 0; i < a.length; i++) a[i] = a[i] * 3 + r;
            r++;
        }
        return a;
    }

    public static void main(String[] args) {
        long[] a = new long[50000];
        for (int i = 0; i < a.length; i++) a[i] = i;
        System.out.println(steps(a, 40)[49999]);
        System.out.println(steps(a, 4)[1]);
    }
}
