// Java twin of device_keep.somd: each SOMD method runs as one MI (no `dist`, no `reduce`;
// `reduce(VecSum)` of one result is that result), and `bumpAll`, which writes its
// parameter, gets a copy (arguments are passed by value).
class RowPartitioner {
    static int[] bounds(int length, int parts, int[] row) {
        int[] b = new int[parts + 1];
        for (int r = 1; r < parts; r++) {
            int k = (int) ((long) length * r / parts);
            if (k < b[r - 1]) {
                k = b[r - 1];
            }
            while (k > 0 && k < length && row[k] == row[k - 1]) {
                k++;
            }
            b[r] = k;
        }
        b[parts] = length;
        return b;
    }
}

class VecSum {
    static double[] combine(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static double[] multiply(double[] val, int[] row, int[] col, double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i] * x[col[i]];
        }
        return y;
    }

    static long weigh(int[] a, int k) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * k;
        }
        return s;
    }

    static long bumpAll(int[] d) {
        long s = 0;
        for (int i = 0; i < d.length; i++) {
            d[i] = d[i] + 3;
            s += d[i];
        }
        return s;
    }

    static void poke(int[] a, int v) {
        a[a.length - 1] = v;
    }

    static double checksum(double[] y) {
        double s = 0;
        for (int i = 0; i < y.length; i++) {
            s += y[i] * (i % 3 + 1);
        }
        return s;
    }

    // The first `it` at which `it` times the checksum of a product reaches `limit`, or -1:
    // a `return` from inside a loop that keeps its matrix.
    static int firstAbove(int n, double limit) {
        double[] x = new double[n];
        double[] val = new double[n * 2];
        int[] row = new int[n * 2];
        int[] col = new int[n * 2];
        for (int k = 0; k < n * 2; k++) {
            x[k / 2] = k % 3;
            row[k] = k / 2;
            col[k] = (k * 7) % n;
            val[k] = k % 5 - 1;
        }
        for (int it = 1; it < 10; it++) {
            double[] y = multiply(val, row, col, x, n);
            if (checksum(y) * it >= limit) {
                return it;
            }
        }
        return -1;
    }

    public static void main(String[] args) {
        int n = 1500;
        int nz = n * 4;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 5 - 2;
        }
        double[] val = new double[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        for (int k = 0; k < nz; k++) {
            row[k] = k / 4;
            col[k] = (k * 37 + 11) % n;
            val[k] = k % 7 - 3;
        }

        // The matrix and `x` are only read in this loop: uploaded by the first call.
        double total = 0;
        for (int it = 0; it < 4; it++) {
            double[] y = multiply(val, row, col, x, n);
            total += checksum(y) * (it + 1);
        }
        System.out.println("sparse " + total);

        // Written after the loop (the keep scope is closed): the next loop sees the change.
        x[0] = 7;
        val[1] = 5;
        int it = 0;
        double last = 0;
        while (true) {
            double[] y = multiply(val, row, col, x, n);
            last = checksum(y);
            it++;
            if (it == 3) {
                break;
            }
        }
        System.out.println("after writes " + last + " in " + it);
        System.out.println("first above " + firstAbove(n, 15000.0) + " " + firstAbove(n, 1.0e9));

        // Written between calls, directly.
        int[] a = new int[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 11;
        }
        long direct = 0;
        for (int k = 1; k <= 3; k++) {
            direct += weigh(a, k);
            a[k] = 100 * k;
        }
        System.out.println("direct " + direct);

        // Written through an alias.
        int[] b = new int[5000];
        int[] alias = b;
        for (int i = 0; i < b.length; i++) {
            b[i] = i % 13;
        }
        long aliased = 0;
        for (int k = 1; k <= 3; k++) {
            aliased += weigh(b, k);
            alias[k] = 50 * k;
        }
        System.out.println("alias " + aliased);

        // Written by a called method.
        int[] c = new int[5000];
        for (int i = 0; i < c.length; i++) {
            c[i] = i % 17;
        }
        long called = 0;
        for (int k = 1; k <= 3; k++) {
            called += weigh(c, k);
            poke(c, 1000 * k);
        }
        System.out.println("called " + called);

        // The SOMD method writes its parameter (its own copy: the caller's array is unchanged).
        int[] d = new int[5000];
        for (int i = 0; i < d.length; i++) {
            d[i] = i % 19;
        }
        long bumped = 0;
        for (int k = 1; k <= 3; k++) {
            bumped += bumpAll(d.clone()) * k;
        }
        System.out.println("bumped " + bumped + " d[7] " + d[7]);
    }
}
