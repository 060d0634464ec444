// Java twin of device_somd_results.somd: one MI over whole arrays. SOMD results held on the device between calls (`analysis::lazy`, "SOMD results"; runtime
// `LazyArr`): an iterative solver written with SOMD methods gives a local a new result
// every round and hands it to the next call. The results stay on the device until the host
// reads or writes the array: element reads download it once and keep the device copy, a
// store downloads it and drops the device copy (the next call uploads the host's), a host
// method reading it downloads it too.
class Main {
    static long[] relax(long[] x, long[] b) {
        long[] r = new long[x.length];
        for (int i = 1; i < x.length - 1; i++) {
            r[i] = (x[i - 1] + 2 * x[i] + x[i + 1] + b[i]) / 4;
        }
        return r;
    }

    static long residual(long[] x, long[] b) {
        long s = 0;
        for (int i = 1; i < x.length - 1; i++) {
            s += Math.abs(x[i - 1] - 2 * x[i] + x[i + 1] + b[i]);
        }
        return s;
    }

    static double[] lap(double[] p) {
        double[] r = new double[p.length];
        for (int i = 1; i < p.length - 1; i++) {
            r[i] = 2.5 * p[i] - p[i - 1] - p[i + 1];
        }
        return r;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static double[] axpy(double[] x, double[] y, double a) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] + a * y[i];
        }
        return r;
    }

    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 3 + k + i % 7;
        }
        return r;
    }

    static long[] weigh(long[] v, int k) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i] / 2 + i % (k + 3);
        }
        return r;
    }

    static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 100000;
        // Jacobi: `x` stays on the device across the rounds and the residual checks.
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i * 7919L) % 100000;
        }
        long[] x = new long[n];
        for (int it = 0; it < 12; it++) {
            x = relax(x, b);
            if (it % 4 == 3) {
                System.out.println("jacobi " + it + " " + residual(x, b));
            }
        }
        System.out.println(x[1] + " " + x[n / 2] + " " + x[n - 2] + " " + x.length);

        // A rotation through a second name at its last mention moves the array on.
        long[] cur = new long[n];
        for (int it = 0; it < 6; it++) {
            long[] next = relax(cur, b);
            if (it % 3 == 2) {
                System.out.println("rotate " + it + " " + residual(next, b));
            }
            cur = next;
        }
        System.out.println("rotated " + cur[2] + " " + cur[n - 3]);
        // A second name used after the assignment: both name one array.
        long[] p1 = new long[n];
        for (int it = 0; it < 2; it++) {
            long[] p2 = relax(p1, b);
            p1 = p2;
            p2[1] = 99;
        }
        System.out.println("aliased " + p1[1] + " " + p1[2]);

        // Conjugate gradient: four results on the device, only scalars come down.
        double[] rhs = new double[n];
        for (int i = 1; i < n - 1; i++) {
            rhs[i] = ((i * 37) % 101) * 0.01;
        }
        double[] sol = new double[n];
        double[] r = new double[n];
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = rhs[i];
            p[i] = rhs[i];
        }
        double rr = dot(r, r);
        for (int it = 0; it < 8; it++) {
            double[] ap = lap(p);
            double alpha = rr / dot(p, ap);
            sol = axpy(sol, p, alpha);
            r = axpy(r, ap, -alpha);
            double rrn = dot(r, r);
            p = axpy(r, p, rrn / rr);
            rr = rrn;
        }
        // Floating sums reassociate across MIs: six digits are the same on every placement.
        System.out.println(String.format("cg %.6e %.6e %.6e", rr, sol[7], sol[n / 3]));

        // A result handed straight to another call stays on the device too.
        double[] acc = new double[n];
        for (int k = 0; k < 3; k++) {
            acc = axpy(acc, lap(p), 0.5);
        }
        System.out.println(String.format("inline %.6e %.6e", acc[5], acc[n / 2]));

        // Reads and stores between the rounds: a read keeps the device copy, a store
        // drops it, so the next round sees the host's element.
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 13;
        }
        long seen = 0;
        for (int k = 0; k < 6; k++) {
            a = step(a, k);
            seen += a[k * 100];
            if (k == 2) {
                a[5] = -1000000;
                a[999] += 7;
            }
            if (k == 4) {
                seen += total(a);
            }
        }
        System.out.println("step " + seen + " " + a[5] + " " + a[999] + " " + total(a));

        // `!` of a result reduces it where it is.
        long[] w = new long[n];
        long folds = 0;
        for (int k = 0; k < 4; k++) {
            w = weigh(w, k);
            long sum = 0;
            for (int i = 0; i < w.length; i++) {
                sum += w[i];
            }
            folds += sum;
        }
        System.out.println("folds " + folds + " " + w[n - 1]);

        // A local that holds a result and is written before being handed on.
        int[] c = step(new int[50], 1);
        c[0] = 42;
        c = step(c, 2);
        System.out.println("written " + c[0] + " " + c[49]);

        // Stores whose statements also hand the local to a device call (the call runs
        // after the store's receiver is evaluated, before the store), and a freeze at the
        // local's last use.
        int[] e = step(new int[2000], 3);
        e[0] = (int) sum(e);
        e[1] += (int) sum(e);
        e[(int) (sum(e) % 7)]++;
        e = step(e, 4);
        System.out.println("stores " + sum(e) + " " + e[0] + " " + e[1]);
        int[] frozen = e.clone();
        System.out.println("frozen " + frozen[0] + " " + frozen.length);
    }
}
