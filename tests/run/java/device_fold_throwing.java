class Main {
    static int op(int a, int b) {
        if (b == 0) {
            return a / b;
        }
        if (b < 0) {
            int[] t = new int[4];
            return t[b];
        }
        if (a <= 0) {
            return a;
        }
        return (int) (((long) a * b) % 1000003L);
    }
    public static void main(String[] args) {
        int[] a = new int[10];
        for (int i = 0; i < 10; i++) {
            a[i] = 2;
        }
        a[5] = -2;
        int r = a[0];
        for (int i = 1; i < a.length; i++) r = op(r, a[i]);
        System.out.println(r);
    }
}
