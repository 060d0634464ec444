// Java twin of exc_descending_nested.somd: one MI, the loop in order.
class Main {
    static int[] guarded(int[] a, int[] table) {
        int[] out = new int[a.length];
        if (a.length > 0) {
            for (int i = a.length - 1; i >= 0; i--) out[i] = table[a[i]] + 1;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 50;
        int[] table = new int[100];
        for (int k = 0; k < 100; k++) table[k] = k * 7;
        System.out.println(guarded(a, table)[99999]);
        a[5] = 200;
        a[90000] = 300;
        System.out.println(guarded(a, table)[0]);
    }
}
