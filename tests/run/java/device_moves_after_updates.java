// args: 50000 5
// SOMD results moved into a loop-carried local at their last mention (`x = p;`) after the
// round gave `p` further values (`p = smooth(p)`, an outlined loop's `p = main$loop1(p)`),
// or from a local declared without a value, stay on the device (eighty-eighth session:
// before, a local given a second value moved nothing, so `p` came down and `x` went up
// every round, and outlining the loop over `p` made a round dearer than the host loop).
// An array made `new double[n]` and filled by a loop to `n` right after is not sent up
// (the outlined loop tests `i < nx.length`); one whose length local changes between, or
// which is filled short of its length, is. A loop copying the previous state out of a
// local given SOMD results by moves (`old[i] = x[i]` before `x = nx;`) is outlined too.
// Every placement gives Java's results.
class Main {
    static double[] smooth(double[] u) {
        double[] r = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            if (i == 0 || i == u.length - 1) {
                r[i] = u[i];
            } else {
                r[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
            }
        }
        return r;
    }

    static double[] scale(double[] a, double k) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + 0.125;
        }
        return r;
    }

    static double sum(double[] x) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * ((i % 7) + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = ((i * 7919) % 1000) * 0.001;
        }
        // An outlined loop updating the result before the move.
        for (int r = 0; r < rounds; r++) {
            double[] p = smooth(x);
            for (int i = 0; i < n; i++) {
                p[i] = p[i] > 0.5 ? 1.0 - p[i] : p[i] * 2;
            }
            x = p;
        }
        System.out.println(sum(x));
        // Two SOMD results in one local before the move; a local declared without a value.
        for (int r = 0; r < rounds; r++) {
            double[] p = smooth(x);
            p = scale(p, 0.5);
            double[] q;
            q = scale(p, 1.5);
            x = q;
        }
        System.out.println(sum(x));
        // Fresh arrays filled whole by an outlined loop, then moved.
        for (int r = 0; r < rounds; r++) {
            double[] p = smooth(x);
            double[] nx = new double[n];
            for (int i = 0; i < n; i++) {
                nx[i] = p[i] * 0.9 + 0.05;
            }
            x = nx;
        }
        System.out.println(sum(x));
        // Filled short of the length, or through a length local that changes between: the
        // elements the loop skips keep the zeros the host made.
        double[] y = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] p = smooth(x);
            int m = n;
            double[] t = new double[m];
            m = m - 3;
            for (int i = 0; i < m; i++) {
                t[i] = p[i] + r;
            }
            double[] u = new double[n];
            for (int i = 0; i < n - 1; i++) {
                u[i] = p[i] - r;
            }
            y = scale(t, 1.0);
            x = u;
        }
        System.out.println(sum(x) + " " + sum(y));
        System.out.println(x[n - 1] + " " + y[n - 1] + " " + y[n - 4]);
        // A copy of the previous state, read from a local given SOMD results by moves.
        double[] old = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] nx = smooth(x);
            for (int i = 0; i < n; i++) {
                old[i] = x[i];
            }
            x = nx;
        }
        System.out.println(sum(x) + " " + sum(old));
    }
}
