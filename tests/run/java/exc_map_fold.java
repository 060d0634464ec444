// Java twin of exc_map_fold.somd: the `@` is a loop that fills the array, `C.m !` a fold from
// the first element.
class Main {
    static int probe(int[] data, int i) {
        return data[i * 2] - i;
    }

    static int keep(int a, int b) {
        return a > b ? a : b;
    }

    static int top(int[] data, int n) {
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) vals[i] = probe(data, i);
        if (vals.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int r = vals[0];
        for (int i = 1; i < vals.length; i++) r = keep(r, vals[i]);
        return r;
    }

    public static void main(String[] args) {
        int[] d = new int[10];
        for (int i = 0; i < d.length; i++) {
            d[i] = (i * 7) % 10;
        }
        int[] data = d.clone();
        System.out.println(top(data, 5));
        System.out.println(top(data, 8));
    }
}
