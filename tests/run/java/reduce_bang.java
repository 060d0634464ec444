// Java twin of reduce_bang.somd: every `op ! a` is a left fold starting from the
// operator's identity (a method operator folds from the first element).
class Main {
    static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return Math.abs(a);
    }

    static long larger(long a, long b) {
        return a > b ? a : b;
    }

    static int sq(int x) {
        return x * x;
    }

    static int sum(int[] a) { int r = 0; for (int x : a) r += x; return r; }
    static int prod(int[] a) { int r = 1; for (int x : a) r *= x; return r; }
    static int min(int[] a) { int r = Integer.MAX_VALUE; for (int x : a) r = Math.min(r, x); return r; }
    static int max(int[] a) { int r = Integer.MIN_VALUE; for (int x : a) r = Math.max(r, x); return r; }
    static int and(int[] a) { int r = -1; for (int x : a) r &= x; return r; }
    static int or(int[] a) { int r = 0; for (int x : a) r |= x; return r; }
    static int xor(int[] a) { int r = 0; for (int x : a) r ^= x; return r; }
    static long sum(long[] a) { long r = 0; for (long x : a) r += x; return r; }
    static long prod(long[] a) { long r = 1; for (long x : a) r *= x; return r; }
    static long min(long[] a) { long r = Long.MAX_VALUE; for (long x : a) r = Math.min(r, x); return r; }
    static long max(long[] a) { long r = Long.MIN_VALUE; for (long x : a) r = Math.max(r, x); return r; }
    static double sum(double[] a) { double r = 0; for (double x : a) r += x; return r; }
    static double prod(double[] a) { double r = 1; for (double x : a) r *= x; return r; }
    static double min(double[] a) { double r = Double.POSITIVE_INFINITY; for (double x : a) r = Math.min(r, x); return r; }
    static double max(double[] a) { double r = Double.NEGATIVE_INFINITY; for (double x : a) r = Math.max(r, x); return r; }
    static boolean all(boolean[] a) { boolean r = true; for (boolean x : a) r = r && x; return r; }
    static boolean any(boolean[] a) { boolean r = false; for (boolean x : a) r = r || x; return r; }
    static float sum(float[] a) { float r = 0; for (float x : a) r += x; return r; }

    static int[] mapSq(int[] xs) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = sq(xs[i]);
        return r;
    }

    public static void main(String[] args) {
        int[] a = {12, 18, -30, 42, 7, 0, 96};
        long[] l = {3, -9, 27, 1L << 40};
        double[] d = {0.5, 0.25, -2.0, 8.0};
        boolean[] b = {true, false, true};
        System.out.println(sum(a) + " " + prod(a) + " " + min(a) + " " + max(a));
        System.out.println(and(a) + " " + or(a) + " " + xor(a));
        System.out.println(sum(l) + " " + prod(l) + " " + min(l) + " " + max(l));
        System.out.println(sum(d) + " " + prod(d) + " " + min(d) + " " + max(d));
        System.out.println(all(b) + " " + any(b));
        int g = a[0];
        for (int i = 1; i < a.length; i++) g = gcd(g, a[i]);
        System.out.println(g);
        long big = l[0];
        for (int i = 1; i < l.length; i++) big = larger(big, l[i]);
        System.out.println(big);
        System.out.println(sum(a) * 2);
        int[] e = new int[0];
        double[] ed = new double[0];
        boolean[] eb = new boolean[0];
        System.out.println(sum(e) + " " + prod(e) + " " + min(e) + " " + max(e) + " " + and(e) + " " + or(e) + " " + xor(e));
        System.out.println(min(ed) + " " + max(ed) + " " + sum(ed) + " " + all(eb) + " " + any(eb));
        int[] r = new int[1000];
        for (int i = 0; i < r.length; i++) r[i] = i;
        System.out.println(sum(mapSq(r)));
        System.out.println(max(mapSq(new int[]{-5, 3, 4})));
        float[] f = {1.5f, 2.25f};
        System.out.println(sum(f));
    }
}
