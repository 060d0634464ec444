// Java twin of device_strided.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    // z[k] *= w for complex numbers (re, im) stored in pairs.
    static double[] rotate(double[] z, double wr, double wi) {
        for (int i = 0; i < z.length / 2; i++) {
            double re = z[2 * i];
            double im = z[2 * i + 1];
            z[2 * i] = re * wr - im * wi;
            z[2 * i + 1] = re * wi + im * wr;
        }
        return z;
    }

    // Points moved by their velocities, through a local index.
    static float[] move(float[] p, float[] v, float dt) {
        for (int i = 0; i < p.length / 3; i++) {
            int b = 3 * i;
            p[b] = p[b] + v[b] * dt;
            p[b + 1] = p[b + 1] + v[b + 1] * dt;
            p[b + 2] = p[b + 2] + v[b + 2] * dt;
        }
        return p;
    }

    // Two arrays interleaved into a fresh one.
    static int[] interleave(int[] a, int[] b) {
        int[] out = new int[2 * a.length];
        for (int i = 0; i < a.length; i++) {
            out[2 * i + 1] = b[i];
            out[2 * i] = a[i] - b[i];
        }
        return out;
    }

    // Pairs of rows: the even row gets the sum, the odd row the difference.
    static int[][] rowPairs(int[][] m) {
        for (int i = 0; i < m.length / 2; i++) {
            for (int j = 0; j < m[2 * i].length; j++) {
                int s = m[2 * i][j] + m[2 * i + 1][j];
                m[2 * i + 1][j] = m[2 * i][j] - m[2 * i + 1][j];
                m[2 * i][j] = s;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int n = 500;
        double[] z = new double[2 * n];
        for (int k = 0; k < 2 * n; k++) z[k] = (k % 7) - 3.5;
        z = rotate(z, 0.6, 0.8);
        System.out.println(z[0] + " " + z[1] + " " + z[501] + " " + z[2 * n - 1]);
        float[] p = new float[3 * n];
        float[] v = new float[3 * n];
        for (int k = 0; k < 3 * n; k++) {
            p[k] = k * 0.5f;
            v[k] = (k % 5) - 2;
        }
        p = move(p, v, 0.25f);
        System.out.println(p[0] + " " + p[4] + " " + p[749] + " " + p[3 * n - 1]);
        int[] a = new int[1001];
        int[] b = new int[1001];
        for (int k = 0; k < a.length; k++) {
            a[k] = k * 3;
            b[k] = k % 11;
        }
        int[] c = interleave(a, b);
        System.out.println(c.length + " " + c[0] + " " + c[1] + " " + c[1000] + " " + c[2001]);
        int[][] m = new int[40][5];
        for (int r = 0; r < 40; r++) {
            for (int k = 0; k < 5; k++) m[r][k] = r * 5 + k;
        }
        m = rowPairs(m);
        System.out.println(m[0][0] + " " + m[1][4] + " " + m[38][2] + " " + m[39][3]);
    }
}
