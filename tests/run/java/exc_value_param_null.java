// Java twin of exc_value_param_null.somd: value classes become final classes, value
// arrays arrays (`new T[[]](a)` a copy), the SOMD method one method instance over the
// whole array.
final class Point {
    final int x;
    final int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    static long sum(Point[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].x * ps[i].y;
        }
        return s;
    }

    public static void main(String[] args) {
        Point[] pv = new Point[500];
        for (int i = 0; i < pv.length; i++) {
            pv[i] = new Point(i, 3 - i);
        }
        System.out.println(sum(pv.clone()));
        pv[321] = null;
        System.out.println(sum(pv.clone()));
    }
}
