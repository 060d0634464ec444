// Java twin of device_vcscalar_null.somd: `C @ f(..)` is a loop calling `f` per element;
// the null scalar's field read raises NullPointerException.
class Main {
    static float dist2(Point p, Point c) {
        float dx = p.x - c.x;
        float dy = p.y - c.y;
        return dx * dx + dy * dy;
    }

    public static void main(String[] args) {
        int n = 100;
        Point[] points = new Point[n];
        for (int i = 0; i < n; i++) {
            points[i] = new Point(i * 0.5f, i * -0.25f);
        }
        Point c = new Point(1f, 2f);
        float[] near = new float[n];
        for (int i = 0; i < n; i++) near[i] = dist2(points[i], c);
        System.out.println(near[0] + " " + near[n - 1]);
        Point none = null;
        float[] far = new float[n];
        for (int i = 0; i < n; i++) far[i] = dist2(points[i], none);
        System.out.println(far[0]);
    }
}

final class Point {
    final float x;
    final float y;

    Point(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
