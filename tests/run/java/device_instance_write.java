// Java twin of device_instance_write.somd: each SOMD method is one method instance over the
// whole arrays (`Somd.offset(a)` is 0), writing its receiver's field arrays.
class Main {
    double[] w;
    long[][] g;
    int[] h;
    int k;
    int cols;

    Main(int n, int k) {
        this.w = new double[n];
        this.g = new long[n][3];
        this.h = new int[n];
        this.k = k;
        this.cols = 3;
        for (int i = 0; i < n; i++) {
            w[i] = i % 7;
        }
    }

    void scale(double[] a) {
        for (int i = 0; i < a.length; i++) {
            w[i] = w[i] * k + a[i];
        }
    }

    int[] accumulate(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] += (long) a[i] * (j + k);
            }
            out[i] = a[i] + cols;
        }
        return out;
    }

    long mark(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            h[i]++;
            h[i] *= a[i] % 5 - 1;
            s += a[i];
        }
        return s;
    }

    static long checksum(long[][] g) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s = s * 31 + g[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 4099;
        Main m = new Main(n, 3);
        double[] seen = m.w;
        double[] a = new double[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5;
            b[i] = i * 7 % 1000;
        }
        m.scale(a);
        m.scale(a);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += seen[i];
        }
        System.out.println(seen[0] + " " + seen[1] + " " + seen[n - 1] + " " + sum);
        int[] o = m.accumulate(b);
        m.k = -2;
        int[] p = m.accumulate(b);
        System.out.println(o[n - 1] + " " + p[n - 1] + " " + m.g[n - 1][0] + " " + m.g[n - 1][2]
            + " " + checksum(m.g));
        long t = m.mark(b);
        long hs = 0;
        for (int i = 0; i < n; i++) {
            hs += (long) m.h[i] * (i + 1);
        }
        System.out.println(t + " " + m.h[0] + " " + m.h[1] + " " + hs);
        m.scale(m.w);
        System.out.println(m.w[1] + " " + m.w[n - 1] + " " + seen[2]);
        m.w = new double[]{1.0, 2.0};
        m.scale(new double[]{0.25, 0.5});
        System.out.println(m.w[0] + " " + m.w[1] + " " + seen[0]);
    }
}
