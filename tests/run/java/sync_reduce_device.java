// Java twin of sync_reduce_device.somd: one method instance over the whole arrays, sync and
// sync reduce blocks as plain blocks, shared scalars as locals, arrays passed by value.
class Main {
    static long stats(int[] a, double[] w) {
        int sum = 0;
        long prod = 1;
        int low = 40;
        long high = -7;
        double total = 0;
        double scale = 1;
        {
            for (int i = 0; i < a.length; i++) sum += a[i];
        }
        {
            for (int i = 0; i < a.length; i++) prod *= a[i] % 3 + 2;
        }
        {
            for (int i = 0; i < a.length; i++) low = Math.min(low, a[i]);
        }
        {
            for (int i = 0; i < a.length; i++) high = Math.max(high, (long) a[i] * a[i]);
        }
        {
            for (int i = 0; i < w.length; i++) total += w[i];
        }
        {
            for (int i = 0; i < w.length; i++) scale *= w[i] < 1 ? 0.5 : 1.0;
        }
        return sum * 31L + prod + low * 7 + high + (long) (total * 4) + (long) (1 / scale);
    }

    static long[] centred(long[] a) {
        long sum = 0;
        long big = 0;
        int count = 0;
        {
            for (int i = 0; i < a.length; i++) sum += a[i];
        }
        {
            count = a.length;
        }
        long mean = sum / count;
        long[] out = new long[a.length];
        {
            for (int i = 0; i < a.length; i++) out[i] = a[i] - mean;
        }
        {
            for (int i = 0; i < a.length; i++) big = Math.max(big, Math.abs(out[i]));
        }
        big = big == 0 ? 1 : big;
        for (int i = 0; i < a.length; i++) {
            out[i] = out[i] * 1000 / big;
        }
        return out;
    }

    static long[] rounds(long[] a, long[] b, int steps) {
        a = a.clone();
        b = b.clone();
        long m = 0;
        long mix = 3;
        for (int r = 0; r < steps; r++) {
            m = Long.MIN_VALUE;
            {
                for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
            }
            mix = mix * 31 + m % 1000 + r;
            {
                for (int i = 0; i < a.length; i++) b[i] = (a[i] * 7 + mix) % 1009;
            }
            {
                for (int i = 0; i < a.length; i++) a[i] = b[i] - m % 13;
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 3, 17, 200};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            double[] w = new double[n];
            long[] l = new long[n];
            long[] k = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 37 + 11) % 53 - 20;
                w[i] = ((i * 13) % 9) * 0.25;
                l[i] = (i * 7919L) % 401 - 150;
            }
            long s = stats(a, w);
            long[] c = centred(l);
            long[] r = rounds(l, k, 6);
            long hc = 0;
            long hr = 0;
            for (int i = 0; i < n; i++) {
                hc = hc * 17 + c[i];
                hr = hr * 19 + r[i];
            }
            System.out.println(n + ": " + s + " " + hc + " " + hr + " " + l[0]);
        }
    }
}
