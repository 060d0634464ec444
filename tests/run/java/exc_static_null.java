// Java twin of exc_static_null.somd.
class Main {
    static final int[] LIMITS = limits(0);

    static int[] limits(int k) {
        return k > 0 ? new int[]{10, 100} : null;
    }

    static int clamp(int x) {
        return Math.min(x, LIMITS[1]);
    }

    public static void main(String[] args) {
        int[] a = new int[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(a.length);
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) r[i] = clamp(a[i]);
        System.out.println(r[2]);
    }
}
