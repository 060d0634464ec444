// An elementwise loop stepping down whose work-items meet its 1,031 failures in the
// reverse of Java's order (the device runs its indices upwards): each failure lowers the
// first key, more than the device's failure log holds, and Java's first, the highest
// failing index, is still the one raised.
class Main {
    static int[] pick(int[] a, int n) {
        int[] r = new int[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            r[i] = a[a[i] % 97 == 5 ? n + i : i] + 1;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 21 + 4;
        }
        int[] r = pick(a, 0);
        System.out.println(r[0] + " " + r[n - 1]);
        r = pick(a, n);
        System.out.println(r[0]);
    }
}
// throws-at: 9:20
