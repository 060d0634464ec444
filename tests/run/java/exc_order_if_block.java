class Main {
    static int[] run(int[] a, int[] t, boolean flag) {
        int[] b = new int[a.length];
        if (flag) {
            for (int i = 0; i < a.length; i++) {
                b[i] = t[a[i]];
            }
            for (int i = 0; i < a.length; i++) {
                b[i] = 100 / a[i];
            }
        }
        return b;
    }

    public static void main(String[] args) {
        int[] a = new int[48];
        for (int i = 0; i < 48; i++) {
            a[i] = i % 9 + 1;
        }
        a[45] = 99;
        a[2] = 0;
        int[] t = new int[10];
        System.out.println(run(a, t, true)[0]);
    }
}
