// Java twin of device_host_flow.somd: the sequential meaning of each method (arrays the
// SOMD methods write are copied first: SOMD parameters are passed by value).
class Main {
    static double[] relax(double[] a0, double[] b0, double eps, int max) {
        double[] a = a0.clone();
        double[] b = b0.clone();
        double diff = eps + 1.0;
        int sweeps = 0;
        while (diff > eps && sweeps < max) {
            diff = 0.0;
            for (int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5;
                diff = Math.max(diff, Math.abs(b[i] - a[i]));
            }
            for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            sweeps++;
        }
        return a;
    }

    static int[] spread(int[] a0, int[] b0) {
        int[] a = a0.clone();
        int[] b = b0.clone();
        int moved = 0;
        do {
            moved = 0;
            for (int i = 1; i < a.length; i++) {
                int v = Math.max(a[i - 1] - 1, a[i]);
                b[i] = v;
                moved += v != a[i] ? 1 : 0;
            }
            for (int i = 1; i < a.length; i++) a[i] = b[i];
        } while (moved > 0);
        return a;
    }

    static long[] grow(long[] a0, int rounds, long stop) {
        long[] a = a0.clone();
        long total = 0;
        for (int r = 0; r < rounds && total < stop * 4; r++) {
            if (r % 2 == 1) {
                continue;
            }
            total = 0;
            for (int i = 0; i < a.length; i++) {
                a[i] = a[i] * 3 + r;
                total += a[i] & 1023;
            }
            if (total > stop) {
                break;
            }
        }
        return a;
    }

    static int[] pick(int[] a, int k) {
        int[] out = new int[a.length];
        if (k > 0) {
            for (int i = 0; i < a.length; i++) out[i] = a[i] * k;
        } else if (k == 0) {
            for (int i = 0; i < a.length; i++) out[i] = -a[i];
        } else {
            for (int i = a.length - 1; i >= 0; i--) out[i] = a[i] - k;
        }
        return out;
    }

    static long signedSum(long[] a, int sign) {
        long s = 0;
        if (sign >= 0) {
            for (int i = 0; i < a.length; i++) s += a[i];
        } else {
            for (int i = 0; i < a.length; i++) s -= a[i];
        }
        return s;
    }

    static long halve(long[] a0, long start) {
        long[] a = a0.clone();
        long step = start;
        long best = Long.MIN_VALUE;
        while (step > 0) {
            long shift = step / 2 + 1;
            for (int i = 0; i < a.length; i++) a[i] = (a[i] + shift) % 100003;
            step = step / 3;
        }
        for (int i = 0; i < a.length; i++) best = Math.max(best, a[i]);
        return best;
    }

    static double sumSq(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * a[i];
        return s;
    }

    static double[] shrink(double[] a0) {
        double[] a = a0.clone();
        while (sumSq(a) > 1.0) {
            for (int i = 0; i < a.length; i++) a[i] = a[i] * 0.75;
        }
        return a;
    }

    static long[] rounds(long[] a0, int steps, long stop) {
        long[] a = a0.clone();
        long total = 0;
        outer:
        for (int p = 0; p < steps && total < stop; p += 2) {
            for (int q = 0; q < 4; q++) {
                if (q == p % 4) continue;
                if (q > 2 && p % 3 == 0) continue outer;
                total = 0;
                for (int i = 0; i < a.length; i++) {
                    a[i] = (a[i] * 5 + q + p) % 10007;
                    total += a[i];
                }
                if (total > stop * 2) break outer;
            }
        }
        int r = 0;
        for (;;) {
            for (int i = 0; i < a.length; i++) a[i] = a[i] + r;
            r++;
            if (r >= 3) break;
        }
        return a;
    }

    static long folded(long[] a0, int steps) {
        long[] a = a0.clone();
        long s = 0;
        for (int p = 0; p < steps; p++) {
            for (int i = 0; i < a.length; i++) a[i] = (a[i] + p) % 1009;
            if (p % 2 == 0) {
                long w = p + 1;
                for (int i = 0; i < a.length; i++) s += a[i] * w;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 400;
        double[] a = new double[n];
        double[] b = new double[n];
        a[0] = 1.0;
        b[0] = 1.0;
        a[n - 1] = -2.0;
        b[n - 1] = -2.0;
        double[] r = relax(a, b, 1e-4, 100000);
        double h = 0;
        for (int i = 0; i < n; i++) h = h * 0.5 + r[i];
        System.out.println(r[1] + " " + r[n / 2] + " " + r[n - 2] + " " + h);

        int[] p = new int[n];
        int[] q = new int[n];
        p[3] = 40;
        p[100] = 70;
        p[250] = 15;
        for (int i = 0; i < n; i++) q[i] = p[i];
        int[] s = spread(p, q);
        long hs = 0;
        for (int i = 0; i < n; i++) hs = hs * 31 + s[i];
        System.out.println(s[3] + " " + s[42] + " " + s[150] + " " + s[168] + " " + hs);

        int[] stops = {5000, 100000, 100000000};
        for (int t = 0; t < stops.length; t++) {
            int stop = stops[t];
            long[] g = new long[1000];
            for (int i = 0; i < g.length; i++) g[i] = i % 17;
            long[] gr = grow(g, 9, stop);
            long hg = 0;
            for (int i = 0; i < gr.length; i++) hg = hg * 31 + gr[i];
            System.out.println(stop + " " + gr[0] + " " + gr[999] + " " + hg);
        }

        int[] x = new int[5000];
        for (int i = 0; i < x.length; i++) x[i] = i * 7 - 300;
        for (int k = -2; k <= 2; k++) {
            int[] o = pick(x, k);
            long ho = 0;
            for (int i = 0; i < o.length; i++) ho = ho * 31 + o[i];
            System.out.println(k + " " + o[0] + " " + o[4999] + " " + ho);
        }

        long[] y = new long[30000];
        for (int i = 0; i < y.length; i++) y[i] = (i * 2654435761L) % 1000;
        System.out.println(signedSum(y, 1) + " " + signedSum(y, -1));
        System.out.println(halve(y, 1000) + " " + halve(y, 0) + " " + y[17]);
        double[] z = new double[3000];
        for (int i = 0; i < z.length; i++) z[i] = (i % 13) * 0.01;
        double[] zs = shrink(z);
        System.out.println(zs[12] + " " + sumSq(zs));
        long[] w = new long[2000];
        for (int i = 0; i < w.length; i++) w[i] = i % 101;
        long[] limits = {300000, 4000000, 9000000, 1L << 40};
        for (int t = 0; t < 8; t++) {
            int steps = t < 4 ? 13 : 4 * t - 15;
            long stop = limits[t % 4];
            long[] wr = rounds(w, steps, stop);
            long hw = 0;
            for (int i = 0; i < wr.length; i++) hw = hw * 31 + wr[i];
            System.out.println(steps + " " + stop + " " + wr[0] + " " + wr[1999] + " " + hw);
        }
        System.out.println(folded(w, 7) + " " + folded(w, 0));
    }
}
