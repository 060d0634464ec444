// Java twin of map_widen_args.somd: `@` is a loop (each element passed as a call argument,
// widened as Java widens it); `Somd.offset` is 0 and `Somd.globalLength` the length outside
// a SOMD method.
class Main {
    static byte tb(int x) {
        return (byte) (x * 37);
    }

    static char tc(int x) {
        return (char) (x + 200);
    }

    static long tl(long x, double y) {
        return x * 3 + (long) y;
    }

    static int code(int c) {
        return c % 97;
    }

    public static void main(String[] args) {
        int n = 10;
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = tb(i);
        char[] c = new char[n];
        for (int i = 0; i < n; i++) c[i] = tc(b[i]);
        char[] c9 = new char[n];
        for (int i = 0; i < n; i++) c9[i] = tc(tb(i));
        byte k = (byte) -3;
        long[] l = new long[n];
        for (int i = 0; i < n; i++) l[i] = tl(b[i], k);
        long[] m = new long[n];
        for (int i = 0; i < n; i++) m[i] = tl(i, 2.5f);
        int[] codes = new int[n];
        for (int i = 0; i < n; i++) codes[i] = code(c[i]);
        System.out.println(c[4] + " " + (int) c9[7] + " " + l[5] + " " + l[9] + " " + m[3] + " " + codes[6]);
        System.out.println(0 + " " + c.length + " " + 0);
    }
}
