// Java twin of device_vcscalar.somd: value classes become final classes, `C @ f(..)` a loop
// calling `f` per element with the scalar passed to every call, and each SOMD method one
// method instance over the whole arrays.
class Main {
    static float dist2(Point p, Point c) {
        float dx = p.x - c.x;
        float dy = p.y - c.y;
        return dx * dx + dy * dy;
    }

    static Point shift(Point p, Point by) {
        return new Point(p.x + by.x, p.y * by.y);
    }

    static double weigh(int v, Params q) {
        double w = v * q.scale + q.bias;
        return q.negate ? -w : w;
    }

    static int tag(int v, Point c) {
        return v * 3 - 1;
    }

    static float[] scaled(float[] a, Params q) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (float) (a[i] * q.scale + q.bias) + q.shift;
        }
        return out;
    }

    static long total(int[] a, Params q) {
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (long) (a[i] * q.scale) + q.shift;
        }
        return sum;
    }

    public static void main(String[] args) {
        int n = 1000;
        Point[] points = new Point[n];
        int[] values = new int[n];
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            points[i] = new Point(i * 0.25f - 40f, (i % 37) * 1.5f);
            values[i] = i * 13 - 500;
            f[i] = i * 0.5f - 7f;
        }
        int[] v = values.clone();
        Point centre = new Point(3.5f, -2.25f);
        float[] d = new float[n];
        for (int i = 0; i < n; i++) d[i] = dist2(points[i], centre);
        float ds = 0f;
        for (int i = 0; i < n; i++) {
            ds += d[i];
        }
        System.out.println(d[0] + " " + d[n - 1] + " " + ds);
        Point[] moved = new Point[n];
        for (int i = 0; i < n; i++) moved[i] = shift(points[i], centre);
        System.out.println(moved[0].x + " " + moved[0].y + " " + moved[n - 1].x + " " + moved[n - 1].y);
        Params q = new Params(0.75, -3.5, true, 7);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) w[i] = weigh(values[i], q);
        System.out.println(w[0] + " " + w[1] + " " + w[n - 1]);
        float[] s = scaled(f, q);
        System.out.println(s[0] + " " + s[1] + " " + s[n - 1]);
        System.out.println(total(v, q));
        Point none = null;
        int[] tagged = new int[n];
        for (int i = 0; i < n; i++) tagged[i] = tag(values[i], none);
        System.out.println(tagged[0] + " " + tagged[n - 1]);
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

final class Params {
    final double scale;
    final double bias;
    final boolean negate;
    final int shift;

    Params(double scale, double bias, boolean negate, int shift) {
        this.scale = scale;
        this.bias = bias;
        this.negate = negate;
        this.shift = shift;
    }
}
