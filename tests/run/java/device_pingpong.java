// Java twin of device_pingpong.somd: one MI over whole arrays; SOMD parameters are passed
// by value, so a method writing one writes a copy.
// SOMD results swapped between two locals (`analysis::keep::Swap`, `analysis::lazy`): a
// ping-pong stencil writes the next state into the second array (`b = step(a, b)`, a `sync`
// body returning its written parameter) and swaps the two names. Both arrays stay on the
// device across rounds: the swap exchanges the handles, the call writes the array it is
// handed over in place, and a copy the caller still reads is copied on the device first
// (parameters are by value).
class Main {
    static int[] step(int[] src, int[] dst) {
        dst = dst.clone();
        for (int i = 1; i < src.length - 1; i++) {
            dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3 + 1;
        }
        return dst;
    }

    static double[] heat(double[] u, double[] next, double k) {
        next = next.clone();
        for (int i = 1; i < u.length - 1; i++) {
            next[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
        }
        return next;
    }

    static int[] bump(int[] src, int[] dst, int at) {
        dst = dst.clone();
        for (int i = 1; i < src.length - 1; i++) {
            dst[i] = src[i - 1] + src[i + 1] + 7 / (at - 3);
        }
        return dst;
    }

    static double[] wave(double[] prev, double[] cur, double c2) {
        double[] next = new double[cur.length];
        for (int i = 1; i < cur.length - 1; i++) {
            next[i] = 2.0 * cur[i] - prev[i] + c2 * (cur[i - 1] - 2.0 * cur[i] + cur[i + 1]);
        }
        return next;
    }

    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static double sum(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int[] probe(int[] x, int[] table, int at) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] + table[at];
        }
        return r;
    }

    static int[] fill(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * seed) % 10007;
        }
        return a;
    }

    // The swap declares its temporary in the loop.
    static void declared(int n) {
        int[] a = fill(n, 7919);
        int[] b = new int[n];
        for (int it = 0; it < 30; it++) {
            b = step(a, b);
            int[] t = a;
            a = b;
            b = t;
        }
        System.out.println("declared " + total(a) + " " + a[1] + " " + a[n / 2] + " " + b[n / 3]);
    }

    // A temporary declared before the loop; element reads every tenth round.
    static void assigned(int n) {
        double[] u = new double[n];
        double[] v = new double[n];
        u[n / 2] = 1000.0;
        u[0] = 5.0;
        v[0] = 5.0;
        double[] tmp;
        for (int it = 0; it < 40; it++) {
            v = heat(u, v, 0.25);
            tmp = u;
            u = v;
            v = tmp;
            if (it % 10 == 9) {
                System.out.println("assigned " + it + " " + u[n / 2] + " " + u[n / 2 + 3]);
            }
        }
        System.out.println("assigned " + Math.round(sum(u) * 100) + " " + Math.round(sum(v) * 100));
    }

    // The second array is read after the call: the call writes its own copy.
    static void kept(int n) {
        int[] a = fill(n, 31);
        int[] b = fill(n, 17);
        long before = total(b);
        int[] c = step(a, b);
        System.out.println("kept " + before + " " + total(b) + " " + total(c) + " " + b[5] + " " + c[5]);
        c = step(c, b);
        System.out.println("kept " + total(b) + " " + total(c));
    }

    // One array is lent to a host method: neither is left on the device, same results.
    static long host(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i += 1000) {
            s += a[i];
        }
        return s;
    }

    static void lent(int n) {
        int[] a = fill(n, 13);
        int[] b = new int[n];
        long seen = 0;
        for (int it = 0; it < 6; it++) {
            b = step(a, b);
            int[] t = a;
            a = b;
            b = t;
            seen += host(a);
        }
        System.out.println("lent " + seen + " " + total(a) + " " + total(b));
    }

    // Stores between rounds: the stored array comes down and goes up again.
    static void stored(int n) {
        int[] a = fill(n, 101);
        int[] b = new int[n];
        for (int it = 0; it < 8; it++) {
            b = step(a, b);
            int[] t = a;
            a = b;
            b = t;
            a[it] = -it;
            b[n - 1 - it] += 3;
        }
        System.out.println("stored " + total(a) + " " + total(b) + " " + a[3] + " " + b[n - 4]);
    }

    // Three buffers rotated (a wave equation): `t = prev; prev = cur; cur = next; next = t;`.
    static void rotated(int n) {
        double[] prev = new double[n];
        double[] cur = new double[n];
        for (int i = 0; i < n; i++) {
            prev[i] = (i % 1000) * 0.001;
            cur[i] = prev[i];
        }
        double[] next = new double[n];
        for (int s = 0; s < 12; s++) {
            next = wave(prev, cur, 0.25);
            double[] t = prev;
            prev = cur;
            cur = next;
            next = t;
        }
        System.out.println("rotated " + cur[n / 3] + " " + prev[n / 2 + 7] + " " + next[999]);
    }

    // Two swaps in a row (`b` and `c`, then `a` and `b`): the three arrays go round, all on
    // the device, though only `c` is given a call's result.
    static void chained(int n) {
        double[] a = new double[n];
        double[] b = new double[n];
        double[] c = new double[n];
        b[n / 2] = 1000.0;
        for (int it = 0; it < 10; it++) {
            c = heat(b, c, 0.25);
            double[] t = b;
            b = c;
            c = t;
            double[] u = a;
            a = b;
            b = u;
        }
        System.out.println("chained " + a[n / 2] + " " + b[n / 2 + 1] + " " + c[n / 2 + 2]);
    }

    // A call failing after rounds on the device: Java's exception at its position. Round
    // 3's `bump` divides by zero, and its `probe` would read past `table`: the exception
    // is `bump`'s, and nothing after the loop is printed.
    static void failing(int n) {
        int[] a = fill(n, 3);
        int[] b = new int[n];
        int[] c = new int[n];
        int[] table = {1, 2, 3};
        for (int it = 0; it < 5; it++) {
            b = bump(a, b, it);
            c = probe(b, table, it);
            int[] t = a;
            a = b;
            b = t;
        }
        System.out.println("failing " + total(a) + " " + c[0]);
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        declared(n);
        assigned(n);
        kept(n);
        lent(n);
        stored(n);
        rotated(n);
        chained(n);
        failing(n);
    }
}
