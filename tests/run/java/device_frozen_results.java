// Java twin of device_frozen_results.somd: one MI over whole arrays; `new T[[]](a)` is a copy,
// `C @ f(..)` a loop over the mapped elements, `op ! a` a loop.
class Main {
    static double[] scale(double[] a, double k) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k;
        }
        return r;
    }

    static double[] bump(double[] a) {
        a = a.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + 1.0;
        }
        return a;
    }

    static int[] ramp(int[] a, int k, int c) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + c;
        }
        return r;
    }

    static double total(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * 0.5;
        }
        return s;
    }

    static double sq(double v) {
        return v * v + 1.0;
    }

    static double diff(double v, double w) {
        return w - v;
    }

    static double around(int i, double[] row) {
        return row[i] * 2.0 + row[(i + 1) % row.length];
    }

    static int mix(int v, int w) {
        return v * 31 + w;
    }

    static int pick(int v, int w) {
        return v > w ? v : w;
    }

    static int inv(int v) {
        return 1000 / v;
    }

    static double[] sqAll(double[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = sq(a[i]);
        }
        return r;
    }

    static double sum(double[] a) {
        double s = 0;
        for (double e : a) {
            s += e;
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        double[] x = new double[n];
        int[] ix = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 100) * 0.25;
            ix[i] = i * 7919 - 40000;
        }
        double total = 0;
        for (int t = 0; t < 3; t++) {
            double[] y = scale(x, 1.5 + t);
            double[] z = sqAll(y.clone());
            total += sum(z);
            total += sum(sqAll(y.clone()));
        }
        System.out.println("rounds " + total);

        double[] y = scale(x, 0.5);
        double[] chain = sqAll(sqAll(y.clone()));
        double[] frozen = y.clone();
        double[] near = new double[n];
        for (int i = 0; i < n; i++) {
            near[i] = around(i, frozen);
        }
        System.out.println("chain " + chain[5] + " near " + near[0] + " " + near[n - 1]);

        double[] before = sqAll(y.clone());
        System.out.println("read " + y[3] + " " + y[n - 1]);
        y[0] = -3.0;
        double[] after = sqAll(y.clone());
        System.out.println("stored " + before[0] + " " + after[0] + " " + after[1]);

        double[] u = scale(x, 2.0);
        double[] v = bump(u);
        double[] gap = new double[n];
        for (int i = 0; i < n; i++) {
            gap[i] = diff(u[i], v[i]);
        }
        System.out.println("bumped " + sum(gap) + " " + gap[n / 2]);

        int[] iy = ramp(ix, 65537, 3);
        int[] mixed = new int[n];
        for (int i = 0; i < n; i++) {
            mixed[i] = mix(iy[i], 7);
        }
        int isum = 0;
        int imax = Integer.MIN_VALUE;
        for (int e : mixed) {
            isum += e;
            imax = Math.max(imax, e);
        }
        System.out.println("ints " + isum + " " + imax + " " + mixed[n - 1]);

        int iysum = 0;
        int iymax = iy[0];
        for (int i = 0; i < n; i++) {
            iysum += iy[i];
            iymax = pick(iymax, iy[i]);
        }
        System.out.println("folded " + sum(scale(x, 0.75)) + " " + iysum + " " + iymax);

        double[] c = scale(x, 2.0);
        double[] cur = c;
        double[] prev = null;
        prev = scale(x, 5.0);
        double walked = 0;
        for (int r = 0; r < 3; r++) {
            walked += sum(sqAll(cur.clone()));
            walked += sum(prev.clone());
            cur = scale(x, 3.0 + r);
        }
        System.out.println("walked " + walked + " " + cur[7]);
        System.out.println("totals " + total(cur.clone()) + " "
            + total(scale(x, 0.5)));

        double[] y3 = scale(x, 1.5);
        double[] named = y3.clone();
        y3[0] = 99.0;
        double[] mapped = sqAll(named);
        System.out.println("named " + named[0] + " " + y3[0] + " " + sum(named) + " "
            + mapped[0] + " " + total(named));
        double kept = 0;
        for (int r = 0; r < 3; r++) {
            double[] yr = scale(x, 0.5 + r);
            named = yr.clone();
            kept += sum(sqAll(named));
            named = sqAll(named);
            kept += named[n - 1];
        }
        System.out.println("kept " + kept);

        double[] squares = sqAll(scale(x, 0.25));
        double[] back = scale(squares.clone(), 2.0);
        System.out.println("thawed " + back[3] + " " + sum(back) + " " + squares[5]);
        double[] own = squares.clone();
        double[] back2 = scale(own, 3.0);
        own[4] = -1.0;
        double[] again = scale(own, 1.0);
        System.out.println("own " + back2[4] + " " + own[4] + " " + squares[4] + " "
            + sum(again));

        int[] iz = ramp(ix, 1, 39000);
        int[] ok = new int[n];
        for (int i = 0; i < n; i++) {
            ok[i] = inv(iz[i]);
        }
        int osum = 0;
        for (int e : ok) {
            osum += e;
        }
        System.out.println("inverses " + osum);
        int[] zero = ramp(ix, 1, 40000);
        int[] bad = new int[n];
        for (int i = 0; i < n; i++) {
            bad[i] = inv(zero[i]);
        }
        System.out.println("unreached " + bad[1]);
    }
}
