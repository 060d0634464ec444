// Java twin of exc_temporaries.somd: one MI over the whole array.
class Main {
    static int[] lookup(int[] a, int[] table) {
        int k;
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            k = a[i] * 2 + 1;
            out[i] = table[k];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 50000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 30;
        int[] table = new int[64];
        for (int k = 0; k < 64; k++) table[k] = k * 3;
        System.out.println(lookup(a, table)[n - 1]);
        a[7] = 40;
        a[40000] = 35;
        System.out.println(lookup(a, table)[0]);
    }
}
