// Java twin of device_intermediate.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays (arrays passed by value),
// an intermediate reduction is a plain call, sync blocks are plain blocks.
class Main {
    static double sumSq(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * a[i];
        return s;
    }

    static int largest(int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    static int smallest(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.min(m, a[i]);
        return m;
    }

    static long product(long[] a) {
        long p = 1;
        for (int i = 0; i < a.length; i++) p *= a[i];
        return p;
    }

    // A scalar parameter besides the array.
    static long countAbove(int[] a, int t) {
        long c = 0;
        for (int i = 0; i < a.length; i++) c += a[i] > t ? 1 : 0;
        return c;
    }

    // `+` on double, then a parallel loop reading the result.
    static double[] unit(double[] a) {
        double n = Math.sqrt(sumSq(a));
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] / n;
        return out;
    }

    // Two calls in one expression (`max` and `min` on int), and a third in a declaration.
    static int[] spread(int[] a) {
        int span = largest(a) - smallest(a);
        int lo = smallest(a);
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) out[i] = (a[i] - lo) * 100 / (span + 1);
        return out;
    }

    // `*` on long (wrapping), read by the loop whose accumulator the method returns.
    static long mix(long[] a) {
        long p = product(a);
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] ^ p;
        return s;
    }

    // The scalar argument is computed by the host.
    static long[] above(int[] a, int t) {
        long c = countAbove(a, t + 1);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] * c;
        return out;
    }

    // Repeated normalisation: the call inside a counted host loop around a `sync` block.
    static double[] renorm(double[] a, int rounds) {
        a = a.clone();
        for (int r = 0; r < rounds; r++) {
            double n = Math.sqrt(sumSq(a));
            {
                for (int i = 0; i < a.length; i++) a[i] = Math.floor(a[i] * 1000 / (n + 1 + r));
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 7, 64, 1000};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            double[] d = new double[n];
            int[] k = new int[n];
            long[] l = new long[n];
            for (int i = 0; i < n; i++) {
                d[i] = (i * 37) % 101 - 50;
                k[i] = (i * 53) % 97 - 40;
                l[i] = (i * 29) % 11 + 1;
            }
            double[] u = unit(d);
            int[] s = spread(k);
            long[] c = above(k, 10);
            double[] r = renorm(d, 4);
            double hu = 0;
            long hs = 0;
            long hc = 0;
            double hr = 0;
            for (int i = 0; i < n; i++) {
                hu = hu * 0.5 + u[i];
                hs = hs * 31 + s[i];
                hc = hc * 17 + c[i];
                hr = hr * 0.5 + r[i];
            }
            System.out.println(n + ": unit " + u[0] + " " + u[n - 1] + " " + hu);
            System.out.println(n + ": spread " + hs + " above " + hc + " mix " + mix(l));
            System.out.println(n + ": renorm " + r[0] + " " + r[n - 1] + " " + hr + " d[0] " + d[0]);
        }
    }
}
