// args: 30000 6
class Filter {
    double[] weights;
    double[] last;
    int[][] taps;

    Filter(int n, double bias) {
        weights = new double[n];
        last = new double[n];
        taps = new int[4][n];
        for (int i = 0; i < n; i++) {
            weights[i] = ((i * 7) % 13) / 13.0 + bias;
            for (int k = 0; k < 4; k++) {
                taps[k][i] = (i * (k + 3)) % 17 - 8;
            }
        }
    }

    double[] smooth(double[] a) {
        int o = 0;
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 0.5 + weights[o + i] * 0.25;
        }
        return r;
    }

    void record(double[] a) {
        int o = 0;
        for (int i = 0; i < a.length; i++) {
            last[o + i] = a[i] * 2.0 + weights[o + i];
        }
    }

    long tapSum(int[] k) {
        int o = 0;
        long s = 0;
        for (int i = 0; i < k.length; i++) {
            s += (long) taps[k[i] & 3][o + i] * k[i];
        }
        return s;
    }

    double run(double[] a, int rounds) {
        double t = 0;
        for (int r = 0; r < rounds; r++) {
            a = smooth(a);
            t += a[r];
        }
        return t + a[a.length - 1];
    }
}

class Stats {
    static double total(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }
}

class Main {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] a = new double[n];
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 101) * 0.01;
            keys[i] = (i * 31) % 23;
        }
        Filter f = new Filter(n, 0.5);
        Filter g = new Filter(n, -0.25);
        double seen = 0;
        long taps = 0;
        for (int r = 0; r < rounds; r++) {
            a = f.smooth(a);
            f.record(a);
            seen += f.last[r] + Stats.total(f.weights);
            taps += f.tapSum(keys);
        }
        System.out.println(seen + " " + taps + " " + a[7] + " " + f.last[n - 1]);
        for (int r = 0; r < rounds; r++) {
            Filter h = r % 2 == 0 ? f : g;
            a = h.smooth(a);
        }
        System.out.println(a[3] + " " + a[n - 2] + " " + g.run(a, rounds));
        Filter none = null;
        for (int r = 0; r < rounds; r++) {
            a = none.smooth(a);
            System.out.println("unreached " + a[0]);
        }
    }
}
