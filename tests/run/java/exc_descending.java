// Java twin of exc_descending.somd: one MI, the loop in order.
class Main {
    static void smooth(int[] a, int[] table, int[] divisors) {
        for (int i = a.length - 1; i >= 0; i--) {
            int t = a[i] < 0 ? table[-a[i]] : 0;
            a[i] = (a[i] + t) / divisors[a[i] & 7];
        }
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = (i * 7) % 64 + 8;
        a[5] = -40;
        a[90000] = 16;
        int[] table = new int[20];
        int[] divisors = {0, 1, 2, 3, 4, 5, 6, 7};
        for (int i = 0; i < n; i++) {
            if (i != 90000 && (a[i] & 7) == 0) a[i] += 1;
        }
        smooth(a, table, divisors);
        System.out.println(a[0]);
    }
}
