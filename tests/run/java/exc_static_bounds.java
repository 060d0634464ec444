// Java twin of exc_static_bounds.somd.
class Main {
    static final int[] SHIFTS = shifts(1000);

    static int[] shifts(int n) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = (i * 7) % 31;
        }
        return t;
    }

    static long spread(int x) {
        return (long) x << SHIFTS[x / 3];
    }

    public static void main(String[] args) {
        int[] a = new int[2999];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        long s = 0;
        for (int i = 0; i < a.length; i++) s += spread(a[i]);
        System.out.println(s);
        int[] b = new int[200000];
        for (int i = 0; i < b.length; i++) {
            b[i] = i;
        }
        long[] r = new long[b.length];
        for (int i = 0; i < b.length; i++) r[i] = spread(b[i]);
        System.out.println(r[0]);
    }
}
