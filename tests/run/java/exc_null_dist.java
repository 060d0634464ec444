// Java twin of exc_null_dist.somd.
class Main {
    static int pick(int[] a, int k) {
        return k;
    }

    static int[] label(int[] a, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i * n;
        }
        return out;
    }

    static long sum(int[] a, long[] b) {
        long s = 0;
        for (int i = 0; i < b.length; i++) {
            s += b[i];
        }
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] none = null;
        System.out.println(pick(none, 5));
        int[] l = label(none, 4);
        System.out.println(l.length + " " + l[3]);
        long[] b = new long[0];
        System.out.println(sum(new int[]{1, 2, 3}, new long[]{4, 5, 6}));
        System.out.println(sum(none, b));
    }
}
