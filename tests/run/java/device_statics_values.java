// Java twin of device_statics_values.somd.
final class Vec2 {
    final double x;
    final double y;

    Vec2(double x, double y) {
        this.x = x;
        this.y = y;
    }
}

final class Seg {
    final Vec2 from;
    final Vec2 to;
    final int id;

    Seg(Vec2 from, Vec2 to, int id) {
        this.from = from;
        this.to = to;
        this.id = id;
    }
}

class Main {
    static final Vec2 ORIGIN = new Vec2(Math.sqrt(2.0), -0.5);
    static final Seg[] SEGS = segments(9);

    static Seg[] segments(int n) {
        Seg[] s = new Seg[n];
        for (int i = 0; i < n; i++) {
            s[i] = new Seg(new Vec2(i, i * 0.5), new Vec2(i + 1.5, -i), 100 + i);
        }
        return s;
    }

    static double dist2(Vec2 a, double x, double y) {
        double dx = a.x - x;
        double dy = a.y - y;
        return dx * dx + dy * dy;
    }

    // The id of the segment whose start is nearest to (x, y), the first on ties.
    static int nearest(Seg[] segs, double x, double y) {
        int best = 0;
        for (int k = 1; k < segs.length; k++) {
            if (dist2(segs[k].from, x, y) < dist2(segs[best].from, x, y)) {
                best = k;
            }
        }
        return segs[best].id;
    }

    static double shifted(double x) {
        return dist2(ORIGIN, x, x * 0.25) + SEGS[(int) Math.abs(x) % SEGS.length].to.y;
    }

    static int pick(double x) {
        return nearest(SEGS, x, -x * 0.5) * 1000 + SEGS[SEGS.length - 1].id;
    }

    static long ids(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            Seg g = SEGS[a[i] % SEGS.length];
            s += g.id * (long) a[i] + (long) (g.from.x * 10) + (ORIGIN.y < 0 ? 1 : 0);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 30000;
        double[] xs = new double[n];
        int[] is = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 400) * 0.05 - 10.0;
            is[i] = (i * 31) % 1009;
        }
        double[] vx = xs.clone();
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = shifted(vx[i]);
        System.out.println("shifted " + d[0] + " " + d[777] + " " + d[n - 1]);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = pick(vx[i]);
        long pc = 0;
        for (int i = 0; i < n; i++) {
            pc = pc * 31 + p[i];
        }
        System.out.println("pick " + p[0] + " " + p[399] + " " + pc);
        System.out.println("ids " + ids(is));
    }
}
