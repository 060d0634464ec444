// Java twin of exc_value_param_histogram.somd: value classes become final classes, value
// arrays arrays (`new T[[]](a)` a copy), the SOMD method one method instance over the
// whole arrays.
final class Point {
    final int x;
    final int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    static long[] cells(Point[] ps, int[] w, int k) {
        long[] t = new long[k];
        for (int i = 0; i < ps.length; i++) {
            t[ps[i].y] += w[ps[i].x];
        }
        return t;
    }

    public static void main(String[] args) {
        int n = 2000;
        Point[] pv = new Point[n];
        for (int i = 0; i < n; i++) {
            pv[i] = new Point(i % 10, i % 3);
        }
        int[] w = new int[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        long[] t = cells(pv.clone(), w, 3);
        System.out.println(t[0] + " " + t[1] + " " + t[2]);
        pv[1234] = new Point(10, 0);
        t = cells(pv.clone(), w, 3);
        System.out.println(t[0]);
    }
}
