// args: 50000 5
class Main {
    static double[] relax(double[] x, double[] b) {
        int o = 0;
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = (x[i] + b[o + i]) * 0.5 + 0.125;
        }
        return y;
    }

    static int[] shifted(int[] x, int[] t, int s) {
        int o = 0;
        int[] y = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] * 3 + t[o + i + s] - 7;
        }
        return y;
    }

    static long[][] grow(long[][] g, long k) {
        long[][] h = new long[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                h[i][j] = (g[i][j] * 31 + k) % 1000003;
            }
        }
        return h;
    }

    static double[] iterate(double[] x, double[] b, int k) {
        for (int i = 0; i < k; i++) {
            x = relax(x, b);
        }
        return x;
    }

    static double[] nudge(double[] x, double[] b, int k) {
        x[0] = 42.0;
        double t = 0;
        for (int i = 0; i < k; i++) {
            x = relax(x, b);
            t += x[i];
        }
        x[1] = t;
        return x;
    }

    static double[] fresh(double[] b, int k) {
        double[] x = new double[b.length];
        for (int i = 0; i < k; i++) {
            x = relax(x, b);
        }
        return x;
    }

    static long[][] grown(long[][] g, int k) {
        for (int r = 0; r < k; r++) {
            g = grow(g, r);
        }
        return g;
    }

    static int[] walk(int[] x, int[] t, int k) {
        for (int s = 0; s < k; s++) {
            x = shifted(x, t, s * 2);
        }
        return x;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int k = Integer.parseInt(args[1]);
        double[] b = new double[n];
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i % 17) * 0.25;
            a[i] = (i % 5) * 0.5;
        }
        double[] x = iterate(a, b, k);
        System.out.println(x[3] + " " + x[n - 1] + " " + a[3]);
        double[] y = nudge(a, b, k);
        System.out.println(y[0] + " " + y[1] + " " + y[n - 2] + " " + a[0]);
        double[] z = fresh(b, k * 2);
        System.out.println(z[5] + " " + z.length);
        long[][] g = new long[300][200];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 200; j++) {
                g[i][j] = i * 7 + j;
            }
        }
        long[][] h = grown(g, k);
        System.out.println(h[1][2] + " " + h[299][199] + " " + g[1][2]);
        Stepper s = new Stepper(b);
        System.out.println(s.run(a, k)[9]);
        int[] t = new int[n + 6];
        int[] w = new int[n];
        for (int i = 0; i < t.length; i++) {
            t[i] = i % 11;
        }
        System.out.println(walk(w, t, 4)[n - 1]);
        System.out.println(walk(w, t, 5)[0]);
    }
}

class Stepper {
    double[] b;

    Stepper(double[] b) {
        this.b = b;
    }

    double[] run(double[] x, int k) {
        for (int i = 0; i < k; i++) {
            x = Main.relax(x, b);
        }
        return x;
    }
}
