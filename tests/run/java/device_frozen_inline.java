// args: 40000 5
// SOMD results frozen as they come stay on the device for what reads the frozen copy
// (docs/notes/device-execution.md, "SOMD results left on the device"): given to a value-
// array local read by a `@` that a `!` folds (`double[] y = scale(x, r);
// t += sum(mulAll(y, y));`), or written as an argument of such a `@` (`+ ! (Main @
// mul(new double[[]](scale(x, r)), new double[[]](x)))`). Before, each round's result came
// down whole and went up again as the `@`'s argument (probe 104). The element read after
// the first loop comes down alone.
class Main {
    static double[] mulAll(double[] a, double[] b) { double[] r = new double[a.length]; for (int i = 0; i < a.length; i++) r[i] = mul(a[i], b[i]); return r; }
    static double sum(double[] a) {
        // The CPU's order for `+ !` over doubles: blocks of 1024 from 0.0, then a tree.
        int blocks = (a.length + 1023) / 1024;
        double[] part = new double[blocks];
        for (int b = 0; b < blocks; b++) { double s = 0.0; for (int i = b * 1024; i < Math.min(a.length, b * 1024 + 1024); i++) s += a[i]; part[b] = s; }
        return blocks == 0 ? 0.0 : tree(part, 0, blocks);
    }
    static double tree(double[] p, int lo, int hi) { if (hi - lo == 1) return p[lo]; int mid = lo + (hi - lo + 1) / 2; return tree(p, lo, mid) + tree(p, mid, hi); }
    static double[] scale(double[] x, double k) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] * k;
        }
        return y;
    }

    static double mul(double a, double b) {
        return a * b;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 10;
        }
        double t = 0;
        double[] last = x.clone();
        for (int r = 0; r < rounds; r++) {
            double[] y = scale(x, r);
            t += sum(mulAll(y, y));
            last = y;
        }
        System.out.println("local " + t + " " + last[n / 3]);
        t = 0;
        for (int r = 0; r < rounds; r++) {
            t += sum(mulAll(scale(x, r), x));
        }
        System.out.println("inline " + t);
    }
}
