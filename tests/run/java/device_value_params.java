// Java twin of device_value_params.somd: value classes become final classes, value arrays
// arrays (`new T[[]](a)` a copy), `C @ f(..)` a loop calling `f` per element, and each
// SOMD method one method instance over the whole arrays.
final class Point {
    final int x;
    final int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

final class Sample {
    final double w;
    final long id;
    final boolean on;

    Sample(double w, long id, boolean on) {
        this.w = w;
        this.id = id;
        this.on = on;
    }
}

class Main {
    static double[] weigh(int[] a, double[] coeffs) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * coeffs[(a[i] & 0x7fffffff) % coeffs.length] + coeffs.length;
        }
        return out;
    }

    static long dot(int[] a, long[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static long farthest(Point[] ps, Point o) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < ps.length; i++) {
            long dx = ps[i].x - o.x;
            long dy = ps[i].y - o.y;
            m = Math.max(m, dx * dx + dy * dy);
        }
        return m;
    }

    static int picked(Sample[] ss) {
        int s = 0;
        for (int i = 0; i < ss.length; i++) {
            s += ss[i].on ? (int) (ss[i].id % 1000) : (int) ss[i].w;
        }
        return s;
    }

    static double lookups(int[] a, double[][] table) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            int h = a[i] & 0x7fffffff;
            s += table[h % table.length][h % table[0].length];
        }
        return s;
    }

    static int[] counts(int[] keys, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] & 0x7fffffff) % buckets] += 1;
        }
        return t;
    }

    static long[] cells(Point[] ps, int[] w) {
        long[] t = new long[16];
        for (int i = 0; i < ps.length; i++) {
            t[(ps[i].x & 3) * 4 + (ps[i].y & 3)] += w[i];
        }
        return t;
    }

    static long evens(int[] at, Point[] ps) {
        long s = 0;
        for (int i = 0; i < at.length; i++) {
            if (at[i] % 2 == 0) {
                s += ps[at[i]].x - ps[at[i]].y;
            }
        }
        return s;
    }

    static int twice(Point p) {
        return p.x * 2 - p.y;
    }

    static int[] mapTwice(Point[] ps) {
        int[] r = new int[ps.length];
        for (int i = 0; i < ps.length; i++) {
            r[i] = twice(ps[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 3001;
        int[] av = new int[n];
        long[] bv = new long[n];
        Point[] pv = new Point[n];
        Sample[] sv = new Sample[n];
        for (int i = 0; i < n; i++) {
            av[i] = i * 7919 - 1200000;
            bv[i] = i * 3000017L - 4000000000L;
            pv[i] = new Point(i % 211 - 100, (i * 37) % 173 - 80);
            sv[i] = new Sample(i * 0.75 - 300.0, i * 1000003L, i % 3 == 0);
        }
        int[] a = av.clone();
        long[] b = bv.clone();
        Point[] ps = pv.clone();
        Sample[] ss = sv.clone();
        double[] coeffs = new double[]{0.5, -1.25, 3.0, 0.125, -7.5};

        double[] w = weigh(a, coeffs);
        System.out.println("weigh " + w[0] + " " + w[1234] + " " + w[n - 1]);
        System.out.println("dot " + dot(a, b));
        System.out.println("farthest " + farthest(ps, new Point(3, -4)));
        System.out.println("picked " + picked(ss));

        double[][] table = new double[][]{
            new double[]{1.5, -2.0, 0.25},
            new double[]{4.0, 8.5, -16.0},
            new double[]{0.0, 3.75, 1e10},
            new double[]{-0.5, 2.0, 7.0}
        };
        System.out.println("lookups " + lookups(a, table));

        int[] c = counts(a, 7);
        System.out.println("counts " + c[0] + " " + c[3] + " " + c[6]);

        int[] tw = mapTwice(ps);
        long[] t = cells(ps, tw);
        System.out.println("cells " + t[0] + " " + t[5] + " " + t[15]);
        System.out.println("dot again " + dot(tw, b));

        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (i * 17) % n;
        }
        int[] at = idx.clone();
        System.out.println("evens " + evens(at, ps));
        Point[] holes = new Point[n];
        for (int i = 0; i < n; i += 2) {
            holes[i] = pv[i];
        }
        System.out.println("evens with nulls " + evens(at, holes.clone()));

        int[] none = new int[0].clone();
        System.out.println("empty " + dot(none, new long[0].clone()));
    }
}
