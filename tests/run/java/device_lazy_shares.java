// args: 70000 5
// Java twin of device_lazy_shares.somd: value arrays are plain arrays, `@` a loop applying
// the function to each element, `+ !` and `max !` loops over the array.
final class P {
    final int a;
    final int b;

    P(int a, int b) {
        this.a = a;
        this.b = b;
    }
}

class Main {
    static int inc(int x) {
        return x * 3 + 1;
    }

    static P mk(int i) {
        return new P(i, i % 7);
    }

    static P step(P p) {
        return new P(p.a + p.b, p.b * 3 - 1);
    }

    static int[] incRange(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = inc(i);
        return r;
    }

    static int[] incAll(int[] x) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) r[i] = inc(x[i]);
        return r;
    }

    static int sum(int[] x) {
        int s = 0;
        for (int v : x) s += v;
        return s;
    }

    static int max(int[] x) {
        int m = Integer.MIN_VALUE;
        for (int v : x) m = Math.max(m, v);
        return m;
    }

    static int rotated(int n, int rounds) {
        int[] a = incRange(n);
        int[] b = a;
        for (int r = 0; r < rounds; r++) {
            b = incAll(b);
        }
        return a[5] + b[n - 1];
    }

    static long kept(int n, int rounds) {
        int[] cur = incRange(n);
        int[] keep = cur;
        long t = 0;
        for (int r = 0; r < rounds; r++) {
            keep = cur;
            cur = incAll(cur);
            t += sum(keep) - max(cur);
        }
        return t + keep[3] + cur[4];
    }

    static int objects(int n, int rounds) {
        P[] ps = new P[n];
        for (int i = 0; i < n; i++) ps[i] = mk(i);
        P[] first = ps;
        for (int r = 0; r < rounds; r++) {
            P[] next = new P[n];
            for (int i = 0; i < n; i++) next[i] = step(ps[i]);
            ps = next;
        }
        return first[2].a + ps[n - 1].b + ps[0].a;
    }

    static long hostCopy(int n) {
        int[] a = incRange(n);
        int[] c = a;
        long s = 0;
        for (int i = 0; i < c.length; i++) {
            s += c[i];
        }
        int[] d = incAll(a);
        return s + d[9];
    }

    static int param(int[] p, int rounds) {
        int[] b = p;
        for (int r = 0; r < rounds; r++) {
            b = incAll(b);
        }
        return b[0] + p[1];
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        System.out.println("rotated " + rotated(n, rounds));
        System.out.println("kept " + kept(n, rounds));
        System.out.println("objects " + objects(n, rounds));
        System.out.println("hostCopy " + hostCopy(n));
        System.out.println("param " + param(incRange(n), rounds));
        int[] h = new int[n];
        for (int i = 0; i < n; i++) {
            h[i] = i * 5 - 3;
        }
        System.out.println("param host " + param(h.clone(), rounds));
    }
}
