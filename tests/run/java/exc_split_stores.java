// args: 50000
// throws-at: 31:17
// A split host loop (eighty-ninth session) whose first part stores past the end of an
// array three elements shorter than the loop's range, and whose second part takes the
// maximum of what was stored: Java's ArrayIndexOutOfBoundsException comes from the store
// at index 49,997, on every placement.
class Main {
    static int[] scaled(int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * k + 0 + i;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 89;
        }
        int[] y = new int[n];
        for (int r = 0; r < 2; r++) {
            int[] p = scaled(a, r + 2);
            if (r == 1) {
                y = new int[n - 3];
            }
            int mx = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                int t = p[i] % 1000;
                y[i] = t - a[i];
                mx = Math.max(mx, y[i] + t);
            }
            a = scaled(y, r);
            System.out.println(r + " " + mx);
        }
        System.out.println(a[0]);
    }
}
