// Java twin of reduce_strategies.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// (sequential, in partition order), reduce(self), with combine and
// with combineAll, and a class strategy replacing the assembly of an array result.
class Main {
    static long difference(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static long[] stats(int[] a) {
        long[] r = new long[3];
        r[0] = a.length;
        r[1] = Long.MAX_VALUE;
        r[2] = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            r[1] = Math.min(r[1], a[i]);
            r[2] = Math.max(r[2], a[i]);
        }
        return r;
    }

    static int[] firstOfEach(int[] a) {
        int[] r = new int[2];
        r[0] = a.length > 0 ? a[0] : -1;
        r[1] = a.length;
        return r;
    }

    static int[] histogram(int[] a) {
        int[] h = new int[4];
        for (int i = 0; i < a.length; i++) h[a[i] & 3]++;
        return h;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 4, 9, 64};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            long[] l = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 31) % 17 - 8;
                l[i] = i;
            }
            long[] s = stats(a);
            int[] h = histogram(a);
            int[] f = Concat.combineAll(new int[][]{firstOfEach(a)});
            int covered = 0;
            int first = -100;
            for (int k = 0; k + 1 < f.length; k += 2) {
                if (f[k + 1] > 0) {
                    if (covered == 0) {
                        first = f[k];
                    }
                    covered += f[k + 1];
                }
            }
            System.out.println(n + ": self " + sum(a) + " stats " + s[0] + " " + s[1] + " " + s[2]
                + " hist " + h[0] + " " + h[1] + " " + h[2] + " " + h[3] + " covered " + covered
                + " first " + first);
        }
        // is r0 - r1 - ...: with only element 0 non-zero (and partition 0 never
        // empty for 64 elements), the result does not depend on the number of MIs.
        long[] single = new long[64];
        single[0] = 60;
        System.out.println(difference(single) + " " + sum(new int[0]));
    }
}

// combine: element-wise for counts, min and max.
class Stats {
    static long[] combine(long[] x, long[] y) {
        long[] r = new long[3];
        r[0] = x[0] + y[0];
        r[1] = Math.min(x[1], y[1]);
        r[2] = Math.max(x[2], y[2]);
        return r;
    }
}

// combineAll: concatenates the partial pairs in partition order.
class Concat {
    static int[] combineAll(int[][] partials) {
        int n = 0;
        for (int i = 0; i < partials.length; i++) n += partials[i].length;
        int[] r = new int[n];
        int k = 0;
        for (int i = 0; i < partials.length; i++) {
            for (int j = 0; j < partials[i].length; j++) {
                r[k] = partials[i][j];
                k++;
            }
        }
        return r;
    }
}

class Histogram {
    static int[] combine(int[] x, int[] y) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) r[i] = x[i] + y[i];
        return r;
    }
}
