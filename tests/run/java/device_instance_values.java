// Java twin of device_instance_values.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays
// (`Somd.offset` is 0); value classes are final classes, value arrays arrays.
final class Pt {
    float x;
    float y;

    Pt(float x, float y) {
        this.x = x;
        this.y = y;
    }
}

final class Span {
    int lo;
    int hi;

    Span(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    Pt origin;
    Pt[] anchors;
    int[][] table;
    Span span;
    float scale;

    Main(Pt origin, Pt[] anchors, int[][] table, Span span, float scale) {
        this.origin = origin;
        this.anchors = anchors;
        this.table = table;
        this.span = span;
        this.scale = scale;
    }

    // An instance helper reading a value object and a value array of them.
    float pull(float x, int i) {
        Pt a = anchors[i % anchors.length];
        return (x - origin.x) * scale + a.y - origin.y;
    }

    int clamp(int v) {
        return Math.min(span.hi, Math.max(span.lo, v));
    }

    float[] shifted(float[] xs) {
        float[] r = new float[xs.length];
        for (int i = 0; i < xs.length; i++) {
            r[i] = pull(xs[i], i);
        }
        return r;
    }

    long lookup(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += clamp(table[a[i] % table.length][(a[i] >> 3) % table[0].length] * a[i]);
        }
        return s;
    }

    float farthest(float[] xs) {
        float m = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < xs.length; i++) {
            float dx = xs[i] - origin.x;
            m = Math.max(m, dx * dx);
        }
        return m;
    }

    // A histogram whose bucket comes from a value-object field.
    int[] buckets(int[] a) {
        int[] h = new int[8];
        for (int i = 0; i < a.length; i++) {
            h[((clamp(a[i] * 3 - 6000) - span.lo) >> 9) & 7]++;
        }
        return h;
    }

    public static void main(String[] args) {
        int n = 30000;
        float[] xs = new float[n];
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 211) * 0.5f - 40.0f;
            a[i] = (i * 37) % 4001;
        }
        Pt[] as = new Pt[5];
        for (int k = 0; k < as.length; k++) {
            as[k] = new Pt(k * 0.25f, k * 1.5f - 2.0f);
        }
        int[][] t = new int[6][9];
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < 9; c++) {
                t[r][c] = r * 3 - c;
            }
        }
        Main m = new Main(new Pt(2.5f, -1.0f), as.clone(), t.clone(),
                new Span(-5000, 7000), 1.25f);
        float[] r = m.shifted(xs);
        System.out.println(r[0] + " " + r[1] + " " + r[n - 1] + " " + r[777]);
        System.out.println("lookup " + m.lookup(a));
        System.out.println("farthest " + m.farthest(xs));
        int[] h = m.buckets(a);
        System.out.println("buckets " + h[0] + " " + h[1] + " " + h[4] + " " + h[7]);
    }
}
