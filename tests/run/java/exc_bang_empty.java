// Java twin of exc_bang_empty.somd: `C.m ! a` folds from the first element and rejects an
// empty array.
class Main {
    static int larger(int a, int b) {
        return Math.max(a, b);
    }

    static int reduceLarger(int[] a) {
        if (a.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int r = a[0];
        for (int i = 1; i < a.length; i++) r = larger(r, a[i]);
        return r;
    }

    public static void main(String[] args) {
        int[] a = {4, 9, 2};
        System.out.println(reduceLarger(a));
        int[] none = new int[0];
        int s = 0;
        for (int x : none) s += x;
        System.out.println(s);
        System.out.println(reduceLarger(none));
    }
}
