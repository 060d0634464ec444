// Java twin of exc_instance_somd_null.somd: the SOMD method is an ordinary instance method.
class Main {
    int k = 2;

    long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int[] made(int n) {
        System.out.println("argument " + n);
        return new int[n];
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        Main m = new Main();
        System.out.println(m.total(a));
        m = null;
        System.out.println(m.total(made(4)));
    }
}
