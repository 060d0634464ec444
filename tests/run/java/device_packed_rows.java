// Java twin of device_packed_rows.somd: value arrays are arrays, each `@` a loop.
class Main {
    static final float EPS = 0.01f;

    static float[] force(float[] p, float[][] particles) {
        float fx = 0;
        float fy = 0;
        float fz = 0;
        for (int j = 0; j < particles.length; j++) {
            float dx = particles[j][0] - p[0];
            float dy = particles[j][1] - p[1];
            float dz = particles[j][2] - p[2];
            float d2 = dx * dx + dy * dy + dz * dz + EPS;
            float inv = (float) (1.0 / Math.sqrt(d2));
            float s = particles[j][3] * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        return new float[]{fx, fy, fz};
    }

    static int[] digits(int x) {
        int v = x < 0 ? -x : x;
        return new int[]{v % 10, v / 10 % 10, v / 100 % 10, v / 1000 % 10, x};
    }

    static double[] stats(double[] row, double scale) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (int k = 0; k < row.length; k++) {
            lo = Math.min(lo, row[k]);
            hi = Math.max(hi, row[k]);
            sum += row[k];
        }
        return new double[]{lo * scale, hi * scale, sum};
    }

    public static void main(String[] args) {
        int n = 300;
        float[][] ps = new float[n][4];
        int seed = 7;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++) {
                seed = (seed * 1103515245 + 12345) & 0x7fffffff;
                ps[i][k] = (seed % 1000) / 100f + (k == 3 ? 0.5f : 0f);
            }
        }
        float[][] particles = ps;
        float[][] f = new float[n][];
        for (int i = 0; i < n; i++) {
            f[i] = force(particles[i], particles);
        }
        long h = 17;
        for (int i = 0; i < f.length; i++) {
            for (int k = 0; k < 3; k++) {
                h = h * 31 + Float.floatToIntBits(f[i][k]);
            }
        }
        System.out.println(f.length + " " + h + " " + f[0][0] + " " + f[n - 1][2]);
        int[] xs = new int[1000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 7919 - 500000;
        }
        int[][] d = new int[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            d[i] = digits(xs[i]);
        }
        long g = 0;
        for (int i = 0; i < d.length; i++) {
            for (int k = 0; k < 5; k++) {
                g = g * 31 + d[i][k];
            }
        }
        System.out.println(d.length + " " + g + " " + d[999][0] + d[999][1] + d[999][2]);
        double[][] rows = new double[50][7];
        for (int i = 0; i < 50; i++) {
            for (int k = 0; k < 7; k++) {
                rows[i][k] = (i * 7 + k) % 13 - 6.5;
            }
        }
        double[][] s = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            s[i] = stats(rows[i], 0.5);
        }
        System.out.println(s.length + " " + s[0][0] + " " + s[49][1] + " " + s[13][2]);
    }
}
