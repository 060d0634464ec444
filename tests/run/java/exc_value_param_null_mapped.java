// Java twin of exc_value_param_null_mapped.somd: value classes become final classes, value
// arrays arrays, `@` a loop, each SOMD method one method instance over the whole array.
final class Point {
    final int x;
    final int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    static Point make(int i) {
        if (i == 2500) {
            return null;
        }
        return new Point(i, 5 - i);
    }

    static long sum(Point[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].x * ps[i].y;
        }
        return s;
    }

    static long firstHalf(Point[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            if (i < 2000) {
                s += ps[i].x - ps[i].y;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        Point[] ps = new Point[4000];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = make(i);
        }
        System.out.println(firstHalf(ps));
        System.out.println(firstHalf(ps));
        System.out.println(sum(ps));
    }
}
