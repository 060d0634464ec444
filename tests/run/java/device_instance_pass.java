// Java twin of device_instance_pass.somd: each SOMD method is one method instance over the
// whole arrays (`Somd.offset(a)` is 0); helpers write the receiver's arrays they are passed.
class Main {
    double[] w;
    double[][] m;
    long[] v;
    boolean[] z;
    int k;

    Main(int rows, int cols, int k) {
        this.w = new double[cols + 3];
        this.m = new double[rows][cols];
        this.v = new long[rows];
        this.z = new boolean[rows];
        this.k = k;
        for (int j = 0; j < w.length; j++) {
            w[j] = j * 0.25 - 1;
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i * 31 + j * 7) % 50 - 20;
            }
            v[i] = i % 9 - 4;
        }
    }

    static double dot(double[] x, double[] y) {
        double s = 0;
        for (int j = 0; j < x.length; j++) {
            s += x[j] * y[j % y.length];
        }
        return s;
    }

    static double first(double[] r) {
        return r[0] + r.length;
    }

    static double corner(double[][] mm, int i) {
        double[] r = mm[i % mm.length];
        return r[r.length - 1] - mm.length;
    }

    // Writes every element of the row it is passed.
    static void scale(double[] row, double f) {
        for (int j = 0; j < row.length; j++) {
            row[j] = row[j] * f + j;
        }
    }

    // Writes (and reads) one element of the array it is passed, at its index parameter.
    static void put(long[] x, int at, long d) {
        x[at] = x[at] * 3 + d;
    }

    static void flag(boolean[] b, int at, boolean on) {
        b[at] = on;
    }

    static long get(long[] x, int at) {
        return x[at];
    }

    static long weigh(int[] a, double[] x) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) (x[a[i] % x.length] * 4);
        }
        return s;
    }

    // Reads only: the field `w` passed whole, rows of `m` passed and named by locals, `m`
    // itself passed whole, `w` named by a local.
    double[] mix(int[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double[] row = m[a[i] % m.length];
            double[] ww = w;
            out[i] = dot(row, w) + first(m[(i) % m.length]) + ww[a[i] % ww.length]
                    + corner(m, a[i]) + k;
        }
        return out;
    }

    // The field passed to an intermediate reduction (on the device: a reduction kernel of
    // the body's host program over the field's buffer).
    long[] weighed(int[] a) {
        long total = weigh(a, w);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 10 + total;
        }
        return out;
    }

    // A helper writes the iteration's own row of `m` (rows at the global index); the row is
    // also named by a local and written through it.
    void scaleRows(int[] a, double f) {
        for (int i = 0; i < a.length; i++) {
            double[] own = m[i];
            own[0] += a[i];
            scale(m[i], f);
            scale(own, 0.5);
        }
    }

    // A helper writes one element of `v`, at the index it is passed; another reads it back.
    long accumulate(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            put(v, i, a[i] + k);
            s += get(v, i);
        }
        return s;
    }

    // The same on a `boolean` field: its elements come back into the receiver's array.
    void mark(int[] a) {
        for (int i = 0; i < a.length; i++) {
            flag(z, i, (a[i] + k) % 3 == 0);
            z[i] = z[i] || a[i] % 5 == 0;
        }
    }

    // `a` may be `v` itself.
    void bump(long[] a) {
        for (int i = 0; i < a.length; i++) {
            put(v, i, a[i]);
        }
    }

    static double checksum(double[][] g) {
        double s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s = s * 0.5 + g[i][j];
            }
        }
        return s;
    }

    static long checksum(long[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) {
            s = s * 31 + x[i];
        }
        return s;
    }

    static int count(boolean[] b) {
        int c = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i]) {
                c = c * 3 + i % 7;
            }
        }
        return c;
    }

    public static void main(String[] args) {
        int rows = 3001;
        Main g = new Main(rows, 5, 2);
        int[] a = new int[rows];
        for (int i = 0; i < rows; i++) {
            a[i] = i * 13 % 997;
        }
        double[] o = g.mix(a);
        double s = 0;
        for (int i = 0; i < o.length; i++) {
            s += o[i];
        }
        System.out.println("mix " + o[0] + " " + o[1] + " " + o[rows - 1] + " " + s);
        long[] wd = g.weighed(a);
        System.out.println("weighed " + wd[0] + " " + wd[rows - 1]);

        double[][] before = g.m;
        double[] row7 = g.m[7];
        g.scaleRows(a, 1.5);
        g.scaleRows(a, -0.75);
        System.out.println("rows " + g.m[7][2] + " " + row7[2] + " " + before[rows - 1][4] + " "
                + checksum(g.m) + " " + checksum(before));

        long[] seen = g.v;
        long t = g.accumulate(a);
        t += g.accumulate(a);
        System.out.println("put " + t + " " + g.v[5] + " " + seen[5] + " " + checksum(seen));

        boolean[] marks = g.z;
        g.mark(a);
        System.out.println("mark " + g.z[0] + " " + marks[3] + " " + marks[4] + " " + count(marks));

        g.bump(g.v);
        System.out.println("bump " + g.v[5] + " " + seen[rows - 1] + " " + checksum(seen));
    }
}
