// Java twin of exc_host_endless.somd: one MI, the rounds in order.
class Main {
    static int[] rounds(int[] a, int[] table) {
        int[] out = new int[a.length];
        int k = 0;
        while (k >= 0) {
            for (int i = 0; i < a.length; i++) out[i] = table[a[i] + k];
            k++;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 50;
        a[99999] = 70;
        int[] table = new int[100];
        for (int k = 0; k < 100; k++) table[k] = k * 7;
        System.out.println(rounds(a, table)[0]);
    }
}
