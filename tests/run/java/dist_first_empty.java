// Java twin of dist_first_empty.somd: each SOMD method is its body over the whole arrays;
// a reduction over no data at all is the operator's identity (the body's start here).
class Main {
    static long rows(int[][] m, int[] y) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
            }
        }
        for (int i = 0; i < y.length; i++) {
            s += y[i];
        }
        return s;
    }

    static long rowsB(int[] y, int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * 3;
            }
        }
        for (int i = 0; i < y.length; i++) {
            s += y[i];
        }
        return s;
    }

    static int least(int[][] m, long[][] g) {
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                best = Math.min(best, m[i][j]);
            }
        }
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                best = Math.min(best, (int) g[i][j]);
            }
        }
        return best;
    }

    static int[] assemble(int[][] m, int[] y) {
        int[] o = new int[y.length];
        for (int i = 0; i < y.length; i++) {
            o[i] = y[i] + m.length;
        }
        return o;
    }

    static String show(int[] a) {
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i > 0 ? " " : "") + a[i];
        }
        return s + "]";
    }

    public static void main(String[] args) {
        int[] x = {1, 2, 3, 4, 5, 6, 7};
        int[] e = new int[0];
        int[][] m0 = new int[0][5];
        int[][] m2 = {{10, 20}, {30, 40}};
        long[][] g = {{9, -4, 8}, {7, 6, 5}};
        long[][] g0 = new long[0][0];
        System.out.println("rows " + rows(m0, x) + " " + rows(m2, e) + " " + rows(m0, e)
                + " " + rows(m2, x));
        System.out.println("rowsB " + rowsB(e, m2) + " " + rowsB(x, m0) + " " + rowsB(e, m0)
                + " " + rowsB(x, m2));
        System.out.println("least " + least(m0, g) + " " + least(m2, g0) + " " + least(m0, g0));
        System.out.println("assemble " + show(assemble(m0, x)) + " " + show(assemble(m2, e))
                + " " + show(assemble(m0, e)));
    }
}
