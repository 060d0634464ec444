// Java twin of exc_private_pass_bounds.somd: the SOMD method is its loop over the whole
// array.
class Main {
    static void spread(int[] t, int v) {
        for (int k = 0; k <= v % 9; k++) {
            t[k] = v + k;
        }
    }

    static long spreads(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] t = new int[8];
            spread(t, a[i]);
            s += t[0] + t[7];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[500];
        for (int i = 0; i < a.length; i++) {
            a[i] = i / 7 * 9 + i % 8;
        }
        System.out.println(spreads(a));
        a[321] = 17;
        System.out.println(spreads(a));
    }
}
