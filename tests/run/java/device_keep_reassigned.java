// Java twin of device_keep_reassigned.somd.
// A store whose index reads the length of an array the same statement assigns
// (`x[y.length] = (y = new int[..]).length`) stores at the old length, which evaluating
// the index again after the statement would not find: the loop must not keep `x` with
// that mark (probe 33, sixty-first session: the device kept the stored element stale).
// Keeping loops whose stores index by such a length in a statement of its own stay kept.
class Main {
    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * a[i] + a[i];
        }
        return s;
    }

    static int first(int[] row) {
        return row[0] + 2 * row[1] + 3 * row[2];
    }

    public static void main(String[] args) {
        int[] x = new int[64];
        int[] y = new int[3];
        for (int k = 0; k < 4; k++) {
            System.out.println("x " + total(x));
            x[y.length] = (y = new int[k + 20]).length;
        }
        int[][] m = new int[64][4];
        int[] r = new int[1];
        for (int k = 0; k < 4; k++) {
            int[] w = new int[m.length];
            for (int i = 0; i < m.length; i++) {
                w[i] = first(m[i]);
            }
            System.out.println("m " + w[1] + " " + w[20] + " " + w[21] + " " + w[22]);
            m[r.length][k % 3] = (r = new int[k + 20]).length;
        }
        long[] z = new long[64];
        int[] u = new int[5];
        for (int k = 0; k < 4; k++) {
            long sum = 0;
            for (long e : z) {
                sum += e;
            }
            System.out.println("z " + sum);
            z[u.length] += (u = new int[k + 40]).length;
        }
        // The length read in a statement of its own: kept, and marked where it stores.
        int[] v = new int[64];
        int[] q = new int[2];
        for (int k = 0; k < 4; k++) {
            System.out.println("v " + total(v));
            v[q.length]++;
            q = new int[k + 10];
        }
    }
}
