// Java twin of exc_map_length.somd: `@` is a loop preceded by the length check.
class Main {
    static int add(int a, int b) {
        return a + b;
    }

    static int[] mapAdd(int[] a, int[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("mapped arguments of @ have different lengths: " + a.length + " and " + b.length);
        }
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) r[i] = add(a[i], b[i]);
        return r;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        int[] b = {10, 20, 30};
        int[] c = mapAdd(a, b);
        System.out.println(c[2]);
        int[] d = {1, 2, 3, 4};
        int[] e = mapAdd(a, d);
        System.out.println(e[0]);
    }
}
