// Java twin of device_value_eq.somd: value classes are final classes whose `==` is the
// field-by-field comparison LANGUAGE.md §3.3 gives them (`eq`), `@` a loop.
final class P {
    float x;
    int y;

    P(float x, int y) {
        this.x = x;
        this.y = y;
    }

    static boolean eq(P p, P q) {
        return p.x == q.x && p.y == q.y;
    }
}

final class Seg {
    P a;
    P b;
    boolean open;

    Seg(P a, P b, boolean open) {
        this.a = a;
        this.b = b;
        this.open = open;
    }

    static boolean eq(Seg s, Seg t) {
        return P.eq(s.a, t.a) && P.eq(s.b, t.b) && s.open == t.open;
    }
}

class Main {
    static P point(int i) {
        float x = i % 5 == 0 ? Float.NaN : (i % 7 == 0 ? -0.0f : (i % 3) * 0.5f);
        return new P(x, i % 4);
    }

    static int same(int i) {
        P p = point(i);
        P q = new P(i % 7 == 0 ? 0.0f : p.x, i % 4);
        int r = P.eq(p, q) ? 1 : 0;
        if (!P.eq(p, p)) {
            r += 10;
        }
        return r;
    }

    static boolean matches(P p, P key) {
        return P.eq(p, key);
    }

    static int segs(int i, Seg ref) {
        Seg s = new Seg(point(i), point(i + 1), i % 2 == 0);
        Seg t = new Seg(point(i), point(i + 1), true);
        int r = Seg.eq(s, t) ? 1 : 0;
        return !Seg.eq(s, ref) ? r : r + 100;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = same(i);
        }
        long t = 0;
        for (int i = 0; i < n; i++) {
            t = t * 31 + a[i];
        }
        System.out.println("same " + t + " " + a[0] + " " + a[7] + " " + a[14] + " " + a[1]);
        P[] ps = new P[n];
        for (int i = 0; i < n; i++) {
            ps[i] = point(i);
        }
        P key = new P(0.5f, 1);
        int hits = 0;
        for (int i = 0; i < n; i++) {
            if (matches(ps[i], key)) {
                hits++;
            }
        }
        P zero = new P(0.0f, 3);
        int zeros = 0;
        for (int i = 0; i < n; i++) {
            if (matches(ps[i], zero)) {
                zeros++;
            }
        }
        System.out.println("matches " + hits + " " + zeros);
        Seg ref = new Seg(new P(1.0f, 2), new P(0.0f, 3), false);
        long u = 0;
        for (int i = 0; i < n; i++) {
            u = u * 31 + segs(i, ref);
        }
        System.out.println("segs " + u);
    }
}
