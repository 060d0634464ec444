// Java twin of device_param_assign.somd: one MI over the whole arrays, arrays the SOMD
// methods write copied first (parameters are passed by value).
class Main {
    static double[] relax(double[] g0, double[] next0, int steps) {
        double[] g = g0.clone();
        double[] next = next0.clone();
        while (steps > 0) {
            for (int i = 1; i < g.length - 1; i++) {
                next[i] = (g[i - 1] + g[i + 1]) * 0.5 + steps * 0.25;
            }
            for (int i = 1; i < g.length - 1; i++) g[i] = next[i];
            steps--;
        }
        return g;
    }

    static int[] clamp(int[] a, int n) {
        n = Math.min(n, 1000);
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] * n;
        return out;
    }

    static long rounds(int[] a, int rounds, int scale) {
        long part = 0;
        long total = 0;
        do {
            part = 0;
            for (int i = 0; i < a.length; i++) part += (long) a[i] * scale;
            total += part;
            scale *= 2;
        } while (--rounds > 0);
        return total;
    }

    static long strided(int[] a, int k) {
        long part = 0;
        long total = 0;
        for (; k > 0; k -= 2) {
            part = 0;
            for (int i = 0; i < a.length; i++) part += a[i] % (k + 1);
            total += part;
        }
        return total;
    }

    static double[] refine(double[] a0, double[] b0, double eps, int passes) {
        double[] a = a0.clone();
        double[] b = b0.clone();
        double diff = 1.0;
        while (passes > 0) {
            diff = eps + 1.0;
            while (diff > eps) {
                diff = 0.0;
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + a[i + 1]) * 0.5;
                    diff = Math.max(diff, Math.abs(b[i] - a[i]));
                }
                for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            }
            eps *= 0.5;
            passes--;
        }
        return a;
    }

    static long[] shuttle(long[] a0, long[] b0, boolean left, int times) {
        long[] a = a0.clone();
        long[] b = b0.clone();
        for (int t = 0; t < times; t++) {
            for (int i = 1; i < a.length - 1; i++) b[i] = left ? a[i + 1] : a[i - 1] + t;
            for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            left = !left;
        }
        return a;
    }

    static long user(int[] a, int n) {
        n = n * 2;
        long s = 0;
        for (int i = 0; i < a.length; i++) s += (long) a[i] * n;
        return s;
    }

    static long offsets(int[] a, long base) {
        long first = 0;
        long second = 0;
        for (int i = 0; i < a.length; i++) first += a[i] + base;
        base += first % 1000;
        for (int i = 0; i < a.length; i++) second += a[i] ^ base;
        return first + second;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = (i * 7919) % 1013 - 300;

        double[] g = new double[4096];
        g[4095] = 1.0;
        double[] r = relax(g, new double[4096], 12);
        System.out.printf("relax %.6f %.6f %.6f%n", r[1], r[2048], r[4094]);
        System.out.println("relax none " + relax(g, new double[4096], 0)[4094]);

        int[] c = clamp(a, 5000);
        System.out.println("clamp " + c[0] + " " + c[n - 1] + " " + clamp(a, 3)[12345]);

        System.out.println("rounds " + rounds(a, 4, 3) + " " + rounds(a, 0, 5));
        System.out.println("strided " + strided(a, 7) + " " + strided(a, 8) + " " + strided(a, 0));

        double[] s = new double[2000];
        s[1999] = 64.0;
        double[] f = refine(s, new double[2000], 0.5, 3);
        System.out.printf("refine %.4f %.4f%n", f[1000], f[1998]);

        long[] w = new long[1000];
        for (int i = 0; i < w.length; i++) w[i] = i * 3L;
        long[] sh = shuttle(w, new long[1000], true, 5);
        System.out.println("shuttle " + sh[1] + " " + sh[500] + " " + sh[998]);
        System.out.println("shuttle right " + shuttle(w, new long[1000], false, 4)[700]);

        System.out.println("user " + user(a, 3) + " " + user(a, -7));
        System.out.println("offsets " + offsets(a, 40L) + " " + offsets(a, -123456789012L));
    }
}
