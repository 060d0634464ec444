// Java twin of exc_bounds_value_loop.somd: value arrays are plain arrays.
class Main {
    static int gap(int x, int y) {
        return Math.abs(x - y);
    }

    static int share(int x, int y) {
        return 1000 / (x + y);
    }

    static int score(int[] a, int[] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += gap(a[i], b[i]) * 3 + share(a[i], b[i + 1]);
        }
        return s;
    }

    public static void main(String[] args) {
        int[] x = {1, 5, 9, 2, 7, 7};
        int[] y = {3, 3, 3, 3, 3, 3, 3};
        int[] a = x.clone();
        System.out.println(score(a, y.clone()));
        int[] z = {4, 1, 8, 2, 6, 5};
        System.out.println(score(a, z.clone()));
    }
}
// throws-at: 16:52
