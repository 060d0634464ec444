// Java twin of geometry_helpers.somd: one MI over the whole arrays, so `Somd.offset` is 0
// and `Somd.globalLength` the array's own length.
class Main {
    static int globalIndex(int[] a, int i) {
        return 0 + i;
    }

    static int deep(int[] a, int i) {
        return globalIndex(a, i) * 10 + a.length % 10;
    }

    static int cell(double[][] g, int i, int j) {
        return (0 + i) * 1000 + 0 + j;
    }

    static int extent(double[][] g) {
        return g.length * 1000 + g[0].length;
    }

    static int valueIndex(long[] v, int i) {
        return 0 + i;
    }

    static long weightedSum(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (0 + i);
        }
        return s;
    }

    static long[] shift(long[] a) {
        long w = weightedSum(a);
        long[] o = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            o[i] = a[i] + w;
        }
        return o;
    }

    static int[] ids(int[] a) {
        int[] out = new int[a.length];
        int[] own = new int[a.length + 3];
        int[] alias = a;
        for (int i = 0; i < a.length; i++) {
            out[i] = deep(a, i) + 0 + own.length - own.length
                + 0 - 0 + alias.length % 7;
        }
        return out;
    }

    static int[] viewed(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = globalIndex(a, i) * 100 + a.length;
        }
        return out;
    }

    static int[][] cells(double[][] g) {
        int[][] out = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = cell(g, i, j) + extent(g) * 0 + (extent(g) == 13011 ? 0 : -1);
            }
        }
        return out;
    }

    static long weighted(long[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i] * valueIndex(v, i);
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[23];
        int[] r = ids(a);
        for (int i = 0; i < r.length; i++) {
            System.out.print(r[i] + " ");
        }
        System.out.println();
        int[] w = viewed(a);
        for (int i = 0; i < w.length; i++) {
            System.out.print(w[i] + " ");
        }
        System.out.println();
        int[][] c = cells(new double[13][11]);
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < c[i].length; j++) {
                System.out.print(c[i][j] + " ");
            }
            System.out.println();
        }
        long[] raw = new long[40];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = 3 * i + 1;
        }
        System.out.println(weighted(raw));
        long[] shifted = shift(raw);
        System.out.println(shifted[0] + " " + shifted[39]);
        System.out.println(globalIndex(a, 5) + " " + a.length);
    }
}
