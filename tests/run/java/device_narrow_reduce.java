// Java twin of device_narrow_reduce.somd: `op ! a` is a left fold from the operator's
// identity over the elements promoted to int (the operators are associative on int, so the
// order does not matter).
class Main {
    static int sum(int[] a) { int r = 0; for (int v : a) r += v; return r; }
    static int prod(int[] a) { int r = 1; for (int v : a) r *= v; return r; }
    static int min(int[] a) { int r = Integer.MAX_VALUE; for (int v : a) r = Math.min(r, v); return r; }
    static int max(int[] a) { int r = Integer.MIN_VALUE; for (int v : a) r = Math.max(r, v); return r; }
    static int and(int[] a) { int r = -1; for (int v : a) r &= v; return r; }
    static int or(int[] a) { int r = 0; for (int v : a) r |= v; return r; }
    static int xor(int[] a) { int r = 0; for (int v : a) r ^= v; return r; }

    static void print(int[] a) {
        System.out.println(sum(a) + " " + prod(a) + " " + min(a) + " " + max(a));
        System.out.println(and(a) + " " + or(a) + " " + xor(a));
    }

    public static void main(String[] args) {
        int n = 5000;
        byte[] b = new byte[n];
        short[] s = new short[n];
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 37 + 11);
            s[i] = (short) (i * 7919 - 3);
            c[i] = (char) (i * 40503 + 1);
        }
        int[] bi = new int[n], si = new int[n], ci = new int[n];
        for (int i = 0; i < n; i++) { bi[i] = b[i]; si[i] = s[i]; ci[i] = c[i]; }
        print(bi);
        print(si);
        print(ci);
        int[] empty = new int[0];
        System.out.println(sum(empty) + " " + min(empty));
    }
}
