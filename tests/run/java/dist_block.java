// Java twin of dist_block.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Block partitioning of 1-D arrays: assembly of array results and reduce(+), for lengths
// smaller than, equal to and larger than any number of method instances.
class Main {
    static int[] add(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }

    static long sum(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int count(double[] a) {
        return a.length;
    }

    static double[] scale(double[] a, double factor) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * factor;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 3, 5, 8, 13, 100, 1001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            int[] b = new int[n];
            long[] l = new long[n];
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = i * i;
                b[i] = -i;
                l[i] = (long) i * 1000000007L;
                d[i] = i * 0.5;
            }
            int[] c = add(a, b);
            long check = 0;
            for (int i = 0; i < c.length; i++) {
                check = check * 31 + c[i];
            }
            double[] s = scale(d, 4.0);
            double last = n > 0 ? s[n - 1] : -1;
            System.out.println(n + ": " + c.length + " " + check + " " + sum(l) + " " + count(d) + " " + s.length + " " + last);
            System.out.println("  unchanged " + (n > 1 ? a[1] + " " + d[1] : "-"));
        }
    }
}
