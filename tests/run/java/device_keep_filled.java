// args: 3000 4
// Inputs a host helper fills in place before a loop of device calls stay on the device for
// the loop (docs/notes/device-execution.md, "Mutable arrays a host loop never writes"): the
// helper keeps no other name of the array, so after the call the local is again its only
// name. `fill` writes a 1-D array, `fillVia` reaches `fill` through another helper,
// `mfill` writes a matrix and `fillRows` passes each row to a helper writing it; each is
// uploaded by the loop's first call only. A helper called
// in the loop (`refill(g, r)`, new values every round) refuses the array: each call uploads
// it again and sees the new values.
class Main {
    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static long msum(long[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * 3 + 1;
            }
        }
        return s;
    }

    static void fill(double[] f) {
        for (int i = 0; i < f.length; i++) {
            f[i] = (i % 7) * 0.5;
        }
    }

    static void fillVia(double[] f) {
        fill(f);
        f[0] = 3.0;
    }

    static void mfill(long[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i * 31 + j;
            }
        }
    }

    static void fillRow(long[] r, int k) {
        for (int j = 0; j < r.length; j++) {
            r[j] = k * 7 + j;
        }
    }

    static void fillRows(long[][] m) {
        for (int i = 0; i < m.length; i++) {
            fillRow(m[i], i);
        }
    }

    static void refill(double[] g, int r) {
        for (int i = 0; i < g.length; i++) {
            g[i] = (i % 5) + r;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] f = new double[n];
        fill(f);
        double t = 0;
        for (int r = 0; r < rounds; r++) {
            t += dot(f, f);
        }
        System.out.println("filled " + t);
        double[] h = new double[n];
        fillVia(h);
        t = 0;
        for (int r = 0; r < rounds; r++) {
            t += dot(h, h);
        }
        System.out.println("via " + t);
        long[][] m = new long[n / 100][50];
        mfill(m);
        long u = 0;
        for (int r = 0; r < rounds; r++) {
            u += msum(m);
        }
        System.out.println("matrix " + u);
        long[][] k = new long[n / 100][40];
        fillRows(k);
        u = 0;
        for (int r = 0; r < rounds; r++) {
            u += msum(k);
        }
        System.out.println("rows " + u);
        double[] g = new double[n];
        t = 0;
        for (int r = 0; r < rounds; r++) {
            refill(g, r);
            t += dot(g, g);
        }
        System.out.println("refilled " + t);
    }
}
