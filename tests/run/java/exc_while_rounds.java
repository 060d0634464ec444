// Java twin of exc_while_rounds.somd: one MI, the rounds in order.
class Main {
    static int[] rounds(int[] a, int[] table, int count) {
        int[] out = new int[a.length];
        int r = 0;
        while (r < count) {
            for (int i = 0; i < a.length; i++) {
                out[i] += table[a[i] + r * 1000];
            }
            r++;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 100;
        int[] table = new int[2100];
        for (int k = 0; k < table.length; k++) table[k] = k % 13;
        int[] r = rounds(a, table, 3);
        System.out.println(r[7] + " " + r[n - 1]);
        a[5] = 400;
        a[90000] = 1500;
        r = rounds(a, table, 3);
        System.out.println(r[0]);
    }
}
