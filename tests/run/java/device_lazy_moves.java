// args: 40000 6
// `@` results moved into a loop-carried local at their last mention (`x = nx;`) stay on
// the device (docs/notes/device-execution.md, "Results the host reads late"): each round's
// `@` reads the previous round's result where it is, and only the reductions' partials and
// the elements the host reads after the loop come down. Before, every moved result came
// down whole after its round (probe 104). A particle step moving two locals, and a local
// whose moved values the host also reads whole inside the loop (it then takes each from
// the host copy), run on every placement against the twin.
class Main {
    static double[] mapPx(int n) { double[] r = new double[n]; for (int i = 0; i < n; i++) r[i] = px(i); return r; }
    static double[] map2Adv(double[] x, double d) { double[] r = new double[x.length]; for (int i = 0; i < x.length; i++) r[i] = adv(x[i], d); return r; }
    static double[] map2Pos(double[] x, double[] v) { double[] r = new double[x.length]; for (int i = 0; i < x.length; i++) r[i] = pos(x[i], v[i]); return r; }
    static double[] map2Vel(double[] x, double[] v) { double[] r = new double[x.length]; for (int i = 0; i < x.length; i++) r[i] = vel(x[i], v[i]); return r; }
    static double max(double[] a) { double m = Double.NEGATIVE_INFINITY; for (double d : a) m = Math.max(m, d); return m; }
    static double min(double[] a) { double m = Double.POSITIVE_INFINITY; for (double d : a) m = Math.min(m, d); return m; }
    static double px(int i) {
        return (i % 101) * 0.5;
    }

    static double adv(double x, double d) {
        return x * 0.99 + d;
    }

    static double pos(double x, double v) {
        return x + 0.01 * v;
    }

    static double vel(double x, double v) {
        return v - 0.02 * x;
    }

    static double moved(int n, int rounds) {
        double t = 0;
        double[] x = mapPx(n);
        for (int r = 0; r < rounds; r++) {
            double[] nx = map2Adv(x, 0.5);
            t += max(nx);
            x = nx;
        }
        return t + x[n / 2];
    }

    static double particles(int n, int rounds) {
        double[] x = mapPx(n);
        double[] v = map2Adv(x, 0.25);
        double span = 0;
        for (int r = 0; r < rounds; r++) {
            double[] nx = map2Pos(x, v);
            double[] nv = map2Vel(x, v);
            span += max(nx) - min(nx);
            x = nx;
            v = nv;
        }
        return span + x[7] + v[n - 1];
    }

    static double readEachRound(int n, int rounds) {
        double t = 0;
        double[] x = mapPx(n);
        for (int r = 0; r < rounds; r++) {
            double[] nx = map2Adv(x, 1.0);
            for (int i = 0; i < 5; i++) {
                t += nx[i * 3];
            }
            x = nx;
        }
        return t + x.length;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        System.out.println("moved " + moved(n, rounds));
        System.out.println("particles " + particles(n, rounds));
        System.out.println("read " + readEachRound(n, rounds));
    }
}
