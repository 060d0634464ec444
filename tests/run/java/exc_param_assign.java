// Java twin of exc_param_assign.somd: one MI, the rounds in order.
class Main {
    static int[] rounds(int[] a, int[] table, int shift) {
        int[] out = new int[a.length];
        while (shift < 60) {
            for (int i = 0; i < a.length; i++) out[i] = table[a[i] + shift];
            shift += 12;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 40;
        int[] table = new int[100];
        for (int k = 0; k < 100; k++) table[k] = k * 7;
        System.out.println(rounds(a, table, 50)[99999]);
        a[5] = 60;
        a[90000] = 50;
        System.out.println(rounds(a, table, 5)[0]);
    }
}
