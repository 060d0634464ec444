// Twin of device_indexed_tables.somd: value arrays are plain arrays, `@` a loop.
class Main {
    static final int SEVEN = 7;

    static int pick(int i) {
        return new int[]{10, 20, 30}[i % 3] + new int[]{1, -2, SEVEN, 4}.length;
    }

    static long mixed(int i, long w) {
        long base = w * 3;
        double d = new double[]{0.5, 1.25f, i & 7}[i % 3];
        return new long[]{w, base, -w, (long) i}[i & 3] + (long) d
            + new char[]{'a', 'z'}[i & 1];
    }

    static int helper(int x) {
        return new short[]{(short) 40000, -3, 99}[(x >>> 1) % 3] * x;
    }

    static int viaHelper(int i) {
        return helper(i) + helper(i + 1);
    }

    static long weigh(int[] a, int bias) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += new int[]{2, 7, 1, 8, 2, 8, bias}[(a[i] & 0x7fffffff) % 7] * (long) a[i];
        }
        return s;
    }

    static int counter = 0;

    static int counted(int i) {
        return new int[]{counter++, i}[1];
    }

    static int past(int i) {
        return new byte[]{1, 2, 3}[i / 1000];
    }

    public static void main(String[] args) {
        int n = 30000;
        int[] ps = new int[n];
        long[] ms = new long[n];
        int[] hs = new int[n];
        for (int i = 0; i < n; i++) {
            ps[i] = pick(i);
        }
        for (int i = 0; i < n; i++) {
            ms[i] = mixed(i, 1000000007L);
        }
        for (int i = 0; i < n; i++) {
            hs[i] = viaHelper(i);
        }
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + ps[i] * 7 + ms[i] * 3 + hs[i];
        }
        System.out.println(check + " " + ps[n - 1] + " " + ms[n - 1] + " " + hs[n - 1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 2654435 - 77;
        }
        System.out.println(weigh(a, -5));
        System.out.println(counted(3) + counted(4) + " " + counter);
        int[] ts = new int[4003];
        for (int i = 0; i < 4003; i++) {
            ts[i] = past(i);
        }
        System.out.println(ts.length);
    }
}
