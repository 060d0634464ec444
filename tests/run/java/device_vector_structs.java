// Java twin of device_vector_structs.somd: value classes become final classes, `C @ f(..)` a
// loop calling `f` per element (scalars passed to every call), value arrays arrays
// (`new T[[]](a)` and `Somd.thaw(v)` copies), and each SOMD method one method instance over
// the whole arrays (its table is the one partial; `combine` is not called for one partial).
// Value classes of 8 and 16 bytes whose fields are all primitives (`P2 {int, int}`, `Q4 {int,
// int, int, int}`, `L2 {long, long}`) are aligned to their size on the device, so a whole
// element is one vector load or store; `Tagged {int, P2}` nests one, which moves its `P2` to
// offset 8 on both sides (the host packs the layout the kernels declare). `@` maps read and
// write arrays of each, with value-class scalars broadcast next to them. Then K-Means' cluster
// sums, a histogram SOMD method, over more points than one launch of its kernel has
// work-items (each work-item loops over several points), with a long and an int table.
// args: 300000
final class P2 {
    final int x;
    final int y;

    P2(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

final class Q4 {
    final int a;
    final int b;
    final int c;
    final int d;

    Q4(int a, int b, int c, int d) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
    }
}

final class L2 {
    final long lo;
    final long hi;

    L2(long lo, long hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

final class Tagged {
    final int tag;
    final P2 p;

    Tagged(int tag, P2 p) {
        this.tag = tag;
        this.p = p;
    }
}

class LongSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class IntXors {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] ^ b[i];
        }
        return c;
    }
}

class Main {
    // 8 bytes in, 16 bytes out.
    static Q4 spread(P2 p) {
        return new Q4(p.x, p.y, p.x ^ p.y, p.x - p.y);
    }

    // 16 bytes (int) and a broadcast 8-byte scalar in, 16 bytes (long) out.
    static L2 widen(Q4 q, P2 scale) {
        return new L2((long) q.a * scale.x + q.c, (long) q.b * scale.y - q.d);
    }

    // 16 bytes (long) in, the nested class out.
    static Tagged fold(L2 l, Q4 bias) {
        int x = (int) (l.lo >> 3) + bias.a;
        int y = (int) (l.hi ^ (l.hi >>> 32)) - bias.d;
        return new Tagged(x & 7, new P2(x, y));
    }

    // The nested class in, 8 bytes out.
    static P2 unwrap(Tagged t) {
        return new P2(t.p.x + t.tag, t.p.y - t.tag);
    }

    static int key(Tagged t) {
        return t.tag;
    }

    // Per cluster c: entries 3c, 3c+1, 3c+2 hold the sum of x, the sum of y and the count.
    static long[] clusterSums(int[] xs, int[] ys, int[] membership, int k) {
        long[] sums = new long[3 * k];
        for (int i = 0; i < xs.length; i++) {
            int c = membership[i];
            sums[3 * c] += xs[i];
            sums[3 * c + 1] += ys[i];
            sums[3 * c + 2] += 1;
        }
        return sums;
    }

    static int[] mix(int[] xs, int[] ys, int[] membership, int k) {
        int[] t = new int[k];
        for (int i = 0; i < xs.length; i++) {
            t[membership[i]] ^= xs[i] * 31 + ys[i];
        }
        return t;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        P2[] pointArray = new P2[n];
        for (int i = 0; i < n; i++) {
            pointArray[i] = new P2(i * 7919 - 150000, (i % 1013) * (i % 89) - 40000);
        }
        P2[] points = pointArray.clone();
        Q4[] spreads = new Q4[n];
        for (int i = 0; i < n; i++) {
            spreads[i] = spread(points[i]);
        }
        P2 scale = new P2(3, -5);
        L2[] wide = new L2[n];
        for (int i = 0; i < n; i++) {
            wide[i] = widen(spreads[i], scale);
        }
        Q4 bias = new Q4(11, 0, 0, -13);
        Tagged[] tagged = new Tagged[n];
        for (int i = 0; i < n; i++) {
            tagged[i] = fold(wide[i], bias);
        }
        P2[] back = new P2[n];
        for (int i = 0; i < n; i++) {
            back[i] = unwrap(tagged[i]);
        }
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = key(tagged[i]);
        }

        long q = 0;
        long w = 0;
        long t = 0;
        for (int i = 0; i < n; i++) {
            q = q * 31 + spreads[i].a + 3L * spreads[i].b + 5L * spreads[i].c + 7L * spreads[i].d;
            w = w * 31 + wide[i].lo + 3 * wide[i].hi;
            t = t * 31 + tagged[i].tag + 3L * tagged[i].p.x + 5L * tagged[i].p.y;
        }
        System.out.println("spread " + q + " widen " + w + " fold " + t);
        System.out.println("first " + back[0].x + " " + back[0].y + " last " + back[n - 1].x + " " + back[n - 1].y);

        int[] xs = new int[n];
        int[] ys = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = back[i].x;
            ys[i] = back[i].y;
        }
        int k = 8;
        long[] sums = clusterSums(xs, ys, keys.clone(), k);
        int[] mixed = mix(xs, ys, keys.clone(), k);
        long count = 0;
        for (int c = 0; c < k; c++) {
            count += sums[3 * c + 2];
            System.out.println("cluster " + c + ": " + sums[3 * c] + " " + sums[3 * c + 1] + " " + sums[3 * c + 2] + " " + mixed[c]);
        }
        System.out.println("points " + count);
    }
}
