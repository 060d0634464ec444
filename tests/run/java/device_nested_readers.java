// Java twin of device_nested_readers.somd: each `@` is a loop, each `!` a fold of the
// mapped values from the operator's identity (a method from the first element), a task
// graph a loop from the source until it runs out.
class Main {
    static int next = 0;
    static int limit = 0;
    static long fold = 0;

    static long sq(int x) { return (long) x * x; }
    static int odd(int x) { return x & 1; }
    static double half(int x) { return x * 0.5; }
    static int inv(int x) { return 1000 / x; }

    static int[] chunks() {
        if (next >= limit) return null;
        next++;
        int n = 1 + next % 17;
        int[] c = new int[n];
        for (int k = 0; k < n; k++) {
            c[k] = (next * 31 + k * 7) % 200 - 100;
        }
        return c;
    }

    static long worker(int[] c) {
        long h = 0;
        for (int x : c) h += sq(x);
        int m = Integer.MIN_VALUE;
        for (int x : c) m = Math.max(m, odd(x));
        long sm = Long.MIN_VALUE, sn = Long.MAX_VALUE;
        for (int x : c) { sm = Math.max(sm, sq(x)); sn = Math.min(sn, sq(x)); }
        h = h * 31 + m + sm - sn;
        double dm = Double.NEGATIVE_INFINITY, dn = Double.POSITIVE_INFINITY, ds = 0;
        for (int x : c) { dm = Math.max(dm, half(x)); dn = Math.min(dn, half(x)); }
        for (int x : c) ds += half(x);
        int or = 0;
        for (int x : c) or |= odd(x);
        return h * 7 + (long) (dm + dn * 3 + ds) + or;
    }

    static long risky(int[] c) {
        int s = 0;
        int[] q = new int[c.length];
        for (int i = 0; i < c.length; i++) q[i] = inv(c[i]);
        for (int x : q) s += x;
        int p = q[0];
        for (int k = 1; k < q.length; k++) p = p > q[k] ? q[k] : p;
        return (long) s + p;
    }

    static long score(int[] row) {
        long ss = 0, smax = Long.MIN_VALUE, smin = Long.MAX_VALUE;
        double dmax = Double.NEGATIVE_INFINITY, ds = 0;
        for (int x : row) {
            ss += sq(x);
            smax = Math.max(smax, sq(x));
            smin = Math.min(smin, sq(x));
            dmax = Math.max(dmax, half(x));
        }
        for (int x : row) ds += half(x);
        return ss * 3 + smax - smin + (long) (dmax * 2 + ds);
    }

    static long named(int[] row) {
        long s_0 = 5;
        long s_n = 7;
        long somd_s_f0 = 11;
        long sum = 0, max = Long.MIN_VALUE;
        for (int x : row) {
            sum += sq(x);
            max = Math.max(max, sq(x));
        }
        return sum + max + sum + s_0 * s_n + somd_s_f0;
    }

    static void collect(long h) {
        fold = fold * 1000003 + h;
    }

    public static void main(String[] args) {
        limit = Integer.parseInt(args[0]);
        for (int[] c = chunks(); c != null; c = chunks()) collect(worker(c));
        System.out.println("fold " + fold);
        int[] a = new int[5000];
        for (int i = 0; i < a.length; i++) a[i] = i % 97 - 40;
        long t = 0;
        for (int x : a) t += sq(x);
        System.out.println(t);
        int[][] m = new int[300][];
        for (int i = 0; i < m.length; i++) {
            m[i] = new int[1 + i % 9];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = (i * 13 + j * 5) % 61 - 30;
            }
        }
        long[] sc = new long[m.length];
        for (int i = 0; i < m.length; i++) sc[i] = score(m[i]);
        System.out.println(sc[0] + " " + sc[150] + " " + sc[299]);
        long[] nm = new long[m.length];
        for (int i = 0; i < m.length; i++) nm[i] = named(m[i]);
        System.out.println(nm[0] + " " + nm[299]);
        next = 0;
        fold = 0;
        for (int[] c = chunks(); c != null; c = chunks()) collect(risky(c));
        System.out.println("risky " + fold);
    }
}
