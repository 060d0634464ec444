// Java twin of exc_descending_sync_steps.somd: one MI, the steps in order, each from the last
// element.
class Main {
    static int[] steps(int[] a, int[] table, int count) {
        int[] out = new int[a.length];
        for (int t = 0; t < count; t++) {
            for (int i = a.length - 1; i >= 0; i--) {
                out[i] += table[a[i] + t * 1000];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 100;
        int[] table = new int[2100];
        for (int k = 0; k < table.length; k++) table[k] = k % 13;
        int[] r = steps(a, table, 3);
        System.out.println(r[7] + " " + r[n - 1]);
        a[5] = 1500;
        a[90000] = 1400;
        a[50000] = 600;
        r = steps(a, table, 3);
        System.out.println(r[0]);
    }
}
