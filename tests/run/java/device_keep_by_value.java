// Arrays a host loop passes to parameters that SOMD methods write stay on the device across
// its calls (`somd_mir::analysis::keep`): parameters are by value (LANGUAGE.md §2.1), so
// each call writes its own copy, made on the device from the kept buffer, and the host's
// array keeps its elements. Below: a `sync` body relaxing into `b` (two kernels per step),
// one kernel writing and reading `w` while the loop stores an element of `w` between calls,
// straight-line calls, an array passed twice (one parameter written, the other only read),
// a matrix written by value, and a reduction that bumps its input.
class Main {
    static double[] relax(double[] a, double[] b,
                          int steps) {
        a = a.clone();
        b = b.clone();
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + a[i + 1]) * 0.5 + b[i] * 0.25;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            }
        }
        return a;
    }

    static int[] shift(int[] x, int[] w) {
        w = w.clone();
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            w[i] = w[i] * 3 + x[i];
            out[i] = w[i] - x[i] * 2;
        }
        return out;
    }

    static int[] twice(int[] x, int[] y) {
        x = x.clone();
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = y[i] + 1;
            out[i] = x[i] + y[i];
        }
        return out;
    }

    static long[][] grow(long[][] m, int k) {
        long[][] c = new long[m.length][];
        for (int i = 0; i < m.length; i++) c[i] = m[i].clone();
        m = c;
        long[][] out = new long[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] * k + j;
                out[i][j] = m[i][j] - j * 2;
            }
        }
        return out;
    }

    static long bump(int[] d) {
        d = d.clone();
        long s = 0;
        for (int i = 0; i < d.length; i++) {
            d[i] = d[i] + 3;
            s += d[i];
        }
        return s;
    }

    static long sum(int[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) s += (long) v[i] * (i % 7 + 1);
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);

        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 7;
            b[i] = (i % 5) * 0.5;
        }
        for (int r = 0; r < rounds; r++) a = relax(a, b, 3);
        double s = 0;
        for (int i = 0; i < n; i++) s += a[i] * (i % 3);
        System.out.println("relax " + Math.round(s * 1000) + " b " + b[6] + " " + b[n - 2]);

        int[] x = new int[n];
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 11 - 5;
            w[i] = i % 13;
        }
        long shifted = 0;
        for (int r = 0; r < rounds; r++) {
            int[] o = shift(x, w);
            shifted += sum(o) * (r + 1);
            w[r * 7] = 1000 + r;
        }
        System.out.println("shift " + shifted + " w " + w[0] + " " + w[7] + " " + w[n - 1]);

        int[] o1 = shift(x, w);
        int[] o2 = shift(x, w);
        int[] o3 = twice(w, w);
        System.out.println("straight " + sum(o1) + " " + sum(o2) + " " + sum(o3) + " " + sum(w));

        long[][] m = new long[64][n / 64];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) m[i][j] = (i * 31 + j) % 17;
        }
        long grown = 0;
        for (int r = 1; r <= rounds; r++) {
            long[][] g = grow(m, r);
            grown += g[r][r * 3] + g[63][m[0].length - 1] * r;
        }
        System.out.println("grow " + grown + " m " + m[1][3] + " " + m[63][m[0].length - 1]);

        long bumped = 0;
        for (int k = 1; k <= rounds; k++) bumped += bump(x) * k;
        System.out.println("bumped " + bumped + " x " + x[7] + " " + sum(x));
    }
}
