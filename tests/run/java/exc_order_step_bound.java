class Main {
    static int[] run(int[] a, int[] t, int steps, int[] w) {
        int[] b = new int[a.length];
        int n = steps * 2;
        for (int s = 0; s < n - w.length; s++) {
            for (int i = 0; i < a.length; i++) {
                b[i] += s == 0 ? t[a[i]] : 100 / a[i];
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
        System.out.println(run(a, t, 2, new int[2])[0]);
    }
}
