// Java twin of device_instance_sync.somd: one method instance over the whole arrays, sync
// and sync reduce blocks as plain blocks, shared scalars as locals, arrays passed by value.
class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    long bias;
    int shift;
    long[] weights;
    int bins;
    int[][] lut;
    long[] acc;
    int rounds;

    Main(long bias, int shift, long[] weights, int bins, int[][] lut) {
        this.bias = bias;
        this.shift = shift;
        this.weights = weights;
        this.bins = bins;
        this.lut = lut;
    }

    long[] center(long[] a) {
        long total = 0;
        long count = 0;
        {
            for (int i = 0; i < a.length; i++) {
                total += a[i] * weights[(i) % weights.length];
            }
        }
        {
            count = a.length;
        }
        long mean = total / count + bias;
        long[] out = new long[a.length];
        {
            for (int i = 0; i < a.length; i++) {
                out[i] = (a[i] - mean) << shift;
            }
        }
        return out;
    }

    int[] smooth(int[] a, int[] b, int steps) {
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + a[i] * shift + a[i + 1] + lut[p % lut.length][p % lut[0].length]) % 10007;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) {
                    a[i] = (b[i - 1] * 3 + b[i + 1] + (int) bias) % 10007;
                }
            }
        }
        return a;
    }

    void relax(long[] a, int steps) {
        long total = 0;
        {
            for (int i = 0; i < a.length; i++) {
                total += a[i];
            }
        }
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 0; i < a.length; i++) {
                    acc[i] = acc[i] * 3 + a[i] + total % 7 + p * bias;
                }
            }
        }
    }

    // Counted host loops bounded by fields: a scalar and an array's length.
    void sweep(long[] a) {
        for (int p = 0; p < rounds; p++) {
            {
                for (int i = 0; i < a.length; i++) {
                    acc[i] = acc[i] * 5 + a[i] + p;
                }
            }
        }
        for (int q = 1; q < weights.length + 1; q++) {
            {
                for (int i = 0; i < a.length; i++) {
                    acc[i] = (acc[i] ^ weights[q % weights.length]) + q;
                }
            }
        }
    }

    // The reduce strategy over one method instance: the table itself.
    int[] histogram(int[] keys) {
        int[] t = new int[bins];
        for (int i = 0; i < keys.length; i++) {
            int b = (keys[i] >> shift) % bins;
            t[b]++;
            t[(b + 1) % bins] += lut[b % lut.length][keys[i] % lut[0].length];
        }
        return t;
    }

    static long digest(int[] t) {
        long h = 17;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int[][] lut = new int[5][7];
        for (int r = 0; r < 5; r++) {
            for (int c = 0; c < 7; c++) {
                lut[r][c] = r * 11 - c * 3;
            }
        }
        Main m = new Main(5, 2, new long[]{3, -1, 4, 1, -5}, 37, lut);
        int n = 3001;
        long[] a = new long[n];
        int[] x = new int[n];
        int[] y = new int[n];
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919L) % 1000 - 500;
            x[i] = i * 31 % 101;
            keys[i] = i * 2654435 & 0xfffff;
        }
        long[] c = m.center(a);
        System.out.println(c[0] + " " + c[1] + " " + c[n - 1]);
        int[] s = m.smooth(x.clone(), y.clone(), 6);
        System.out.println(s[1] + " " + s[n / 2] + " " + s[n - 2] + " " + digest(s));
        int[] h = m.histogram(keys);
        System.out.println(h.length + " " + h[0] + " " + h[36] + " " + digest(h));
        m.shift = 3;
        m.bins = 11;
        m.weights = new long[]{2, 7};
        c = m.center(a);
        System.out.println(c[0] + " " + c[1] + " " + c[n - 1]);
        h = m.histogram(keys);
        System.out.println(h.length + " " + digest(h));
        m.acc = new long[n];
        long[] before = m.acc;
        m.relax(a, 4);
        m.relax(a, 0);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 31 + before[i];
        }
        System.out.println(before[0] + " " + before[n - 1] + " " + sum);
        m.rounds = 3;
        m.sweep(a);
        m.rounds = 0;
        m.sweep(a);
        m.relax(m.acc, 1);
        sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 31 + m.acc[i];
        }
        System.out.println(m.acc[0] + " " + m.acc[n - 1] + " " + sum);
    }
}
