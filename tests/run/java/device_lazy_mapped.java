// args: 40000 5
// A local holding SOMD results left on the device, mapped by a `@` (`x = step(x); double[[]]
// h = Main @ half(x);`): the `@` reads a frozen copy sharing the device copy, so nothing
// comes down or goes up between the rounds (docs/notes/device-execution.md, "SOMD results
// left on the device"). Before, `x` came down whole after each `step` and went up again as
// the `@`'s argument (probe 103). A host store into the result between the calls (`y[0] =
// ..`) is seen by the `@` that follows.
class Main {
    static double[] mapHalf(double[] x) { double[] r = new double[x.length]; for (int i = 0; i < x.length; i++) r[i] = half(x[i]); return r; }
    static double sum(double[] a) {
        // The CPU's order for `+ !` over doubles: blocks of 1024 from 0.0, then a tree.
        int blocks = (a.length + 1023) / 1024;
        double[] part = new double[blocks];
        for (int b = 0; b < blocks; b++) { double s = 0.0; for (int i = b * 1024; i < Math.min(a.length, b * 1024 + 1024); i++) s += a[i]; part[b] = s; }
        return blocks == 0 ? 0.0 : tree(part, 0, blocks);
    }
    static double tree(double[] p, int lo, int hi) { if (hi - lo == 1) return p[lo]; int mid = lo + (hi - lo + 1) / 2; return tree(p, lo, mid) + tree(p, mid, hi); }
    static double half(double v) {
        return v * 0.5;
    }

    static double[] step(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 0.75 + 1.0;
        }
        return out;
    }

    static double rounds(int n, int k) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 13;
        }
        double acc = 0;
        for (int r = 0; r < k; r++) {
            x = step(x);
            double[] h = mapHalf(x);
            acc += sum(h);
        }
        return acc + x[7];
    }

    static double stored(int n, int k) {
        double[] y = new double[n];
        double acc = 0;
        for (int r = 0; r < k; r++) {
            y = step(y);
            y[0] = 1000.0 * r;
            double[] h = mapHalf(y);
            acc += sum(h);
        }
        return acc + y[n - 1];
    }

    static double watched(int n, int k) {
        double[] x = new double[n];
        double acc = 0;
        for (int r = 0; r < k; r++) {
            x = step(x);
            acc += x[7 + r];
        }
        return acc;
    }

    static double addk(double a, double k) {
        return a + k;
    }

    static double written(int n) {
        double[] x = step(new double[n]);
        double[] h = new double[n];
        double k = x[0] = 100.0;
        for (int i = 0; i < n; i++) {
            h[i] = addk(x[i], k);
        }
        return h[0] + x[0] + h[n - 1];
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int k = Integer.parseInt(args[1]);
        System.out.println("rounds " + rounds(n, k));
        System.out.println("stored " + stored(n, k));
        System.out.println("watched " + watched(n, k));
        System.out.println("written " + written(n));
    }
}
