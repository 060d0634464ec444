// A widened elementwise loop stepping down (several consecutive elements per work-item,
// the work-items ascending) with 20,000 divisions by zero: Java meets element 99,998's
// remainder before element 99,997's division, so every placement reports the remainder's
// position, however many failures the device met first.
class Main {
    static int[] ratios(int[] a, int[] b, int[] c) {
        int[] out = new int[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            out[i] = a[i] / b[i] + a[i] % c[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
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
        for (int i = 0; i < n; i++) {
            if (i % 10 == 7) {
                b[i] = 0;
            }
            if (i % 10 == 8) {
                c[i] = 0;
            }
        }
        r = ratios(a, b, c);
        System.out.println(r[0]);
    }
}
// throws-at: 9:36
