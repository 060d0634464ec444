// Java twin of exc_value_versioned.somd.
final class Point {
    final int x;
    final int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    static long pairs(Point[] ps, int end) {
        long s = 0;
        for (int i = 0; i < end; i++) {
            s += (long) ps[i].x * ps[i + 1].y;
        }
        return s;
    }

    static long shifted(Point[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i + 1].x - ps[i].y;
        }
        return s;
    }

    public static void main(String[] args) {
        Point[] pv = new Point[400];
        for (int i = 0; i < pv.length; i++) {
            pv[i] = new Point(i * 3 - 7, 11 - i);
        }
        Point[] ps = pv.clone();
        System.out.println(pairs(ps, ps.length - 1));
        System.out.println(shifted(ps));
    }
}
