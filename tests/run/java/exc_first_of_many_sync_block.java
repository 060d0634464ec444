class Main {
    static long[] run(long[] a, long[] b, long[] t) {
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] + t[i == 45 ? 7 : 0];
        }
        for (int i = 0; i < a.length; i++) {
            a[i] = b[i] / (i == 3 ? 0 : 1);
        }
        return a;
    }

    public static void main(String[] args) {
        long[] a = new long[48];
        long[] t = {1, 2};
        System.out.println(run(a, new long[48], t)[0]);
    }
}
