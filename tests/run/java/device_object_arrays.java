// Java twin of device_object_arrays.somd: one MI over the whole arrays (`Somd.offset` is
// 0).
class Graph {
    int[] rowPtr;
    int[] col;
    double[] w;

    Graph(int n, int deg) {
        rowPtr = new int[n + 1];
        col = new int[n * deg];
        w = new double[n * deg];
        for (int i = 0; i < n; i++) {
            rowPtr[i + 1] = rowPtr[i] + deg;
            for (int k = 0; k < deg; k++) {
                col[i * deg + k] = (int) ((i * 31L + k * 977L) % n);
                w[i * deg + k] = k % 3 + 1;
            }
        }
    }

    double[] iterate(double[] x, int rounds) {
        for (int r = 0; r < rounds; r++) {
            x = Main.spmv(new double[x.length], rowPtr, col, w, x);
        }
        return x;
    }

    int edges() {
        return col.length;
    }
}

class Counts {
    long[] c;

    Counts(int n) {
        c = new long[n];
        for (int i = 0; i < n; i++) {
            c[i] = i % 5;
        }
    }

    void add(int i) {
        c[i] = c[i] + 10;
    }
}

class Main {
    static double[] spmv(double[] y, int[] rowPtr, int[] col, double[] w, double[] x) {
        for (int i = 0; i < y.length; i++) {
            int r = i + 0;
            double s = 0;
            for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
                s += w[k] * x[col[k]];
            }
            y[i] = (s + r) % 1009.0;
        }
        return y;
    }

    static double diff(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s;
    }

    static long total(long[] c) {
        long s = 0;
        for (int i = 0; i < c.length; i++) {
            s += c[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int deg = Integer.parseInt(args[1]);
        Graph g = new Graph(n, deg);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 17;
        }
        for (int it = 0; it < 4; it++) {
            double[] y = spmv(new double[n], g.rowPtr, g.col, g.w, x);
            double d = diff(x, y);
            x = y;
            System.out.println(it + " " + d + " " + g.edges());
        }
        x = g.iterate(x, 3);
        System.out.println("x " + x[0] + " " + x[n - 1]);
        Counts c = new Counts(n);
        long t = 0;
        for (int r = 0; r < 3; r++) {
            t += total(c.c);
            c.add(r);
        }
        Graph h = g;
        for (int r = 0; r < 2; r++) {
            double[] y = spmv(new double[n], h.rowPtr, h.col, h.w, x);
            t += (long) y[r];
            h = new Graph(n, 2 + r);
        }
        System.out.println("t " + t + " " + c.c[0] + " " + h.rowPtr.length);
    }
}
