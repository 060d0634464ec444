// Java twin of exc_descending_widened.somd: one MI, the loop in order.
class Main {
    static int[] ratios(int[] a, int[] b, int[] c) {
        int[] out = new int[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            out[i] = a[i] / b[i] + a[i] % c[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 4096;
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 + 3;
            b[i] = i % 5 + 1;
            c[i] = i % 3 + 2;
        }
        int[] r = ratios(a, b, c);
        System.out.println(r[0] + " " + r[n - 1]);
        b[9] = 0;
        c[8] = 0;
        r = ratios(a, b, c);
        System.out.println(r[0]);
    }
}
