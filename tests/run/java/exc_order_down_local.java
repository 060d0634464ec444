class Main {
    static int[] run(int[] a, int[] t) {
        int[] b = new int[a.length];
        int n = a.length;
        for (int i = n - 1; i >= 0; i--) {
            b[i] = t[a[i]] + 100 / a[i];
        }
        int[] c = new int[a.length];
        for (int i = c.length - 1; i >= 0; i--) {
            c[i] = b[i] + 1;
        }
        return c;
    }

    public static void main(String[] args) {
        int[] a = new int[48];
        for (int i = 0; i < 48; i++) {
            a[i] = i % 9 + 1;
        }
        a[45] = 0;
        a[2] = 99;
        int[] t = new int[10];
        System.out.println(run(a, t)[0]);
    }
}
