// Java twin of device_vfold.somd: value classes become final classes and `C.m ! a` a fold
// from the first element (an empty array would throw IllegalArgumentException).
class Main {
    static Acc merge(Acc a, Acc b) {
        return new Acc(a.n + b.n, a.sum + b.sum, Math.max(a.top, b.top), a.even && b.even);
    }

    static Span span(Span a, Span b) {
        return new Span(a.first, b.last, a.count + b.count);
    }

    static Acc foldMerge(Acc[] a) {
        if (a.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        Acc r = a[0];
        for (int i = 1; i < a.length; i++) r = merge(r, a[i]);
        return r;
    }

    static Span foldSpan(Span[] a) {
        if (a.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        Span r = a[0];
        for (int i = 1; i < a.length; i++) r = span(r, a[i]);
        return r;
    }

    public static void main(String[] args) {
        int n = 20011;
        Acc[] xs = new Acc[n];
        Span[] ss = new Span[n];
        for (int i = 0; i < n; i++) {
            xs[i] = new Acc(1, i * 0.5, ((long) i * 7919L) % 100003L - 50000L, i % 3 != 7);
            ss[i] = new Span((short) (i % 30000 - 15000), (byte) (i % 251 - 125), 1);
        }
        Acc r = foldMerge(xs);
        System.out.println(r.n + " " + r.sum + " " + r.top + " " + r.even);
        Span s = foldSpan(ss);
        System.out.println(s.first + " " + s.last + " " + s.count);
        Acc[] frozen = xs.clone();
        Acc f = foldMerge(frozen);
        System.out.println(f.n + " " + f.sum + " " + f.top + " " + f.even);
        xs[12345] = new Acc(2, -1.5, 60000L, false);
        Acc g = foldMerge(xs);
        System.out.println(g.n + " " + g.sum + " " + g.top + " " + g.even);
        Span[] one = new Span[1];
        one[0] = new Span((short) 7, (byte) -3, 5);
        Span o = foldSpan(one);
        System.out.println(o.first + " " + o.last + " " + o.count);
    }
}

final class Acc {
    final int n;
    final double sum;
    final long top;
    final boolean even;

    Acc(int n, double sum, long top, boolean even) {
        this.n = n;
        this.sum = sum;
        this.top = top;
        this.even = even;
    }
}

final class Span {
    final short first;
    final byte last;
    final int count;

    Span(short first, byte last, int count) {
        this.first = first;
        this.last = last;
        this.count = count;
    }
}
