// Twin of somd_nested_call.somd: one MI over the whole array, where `Somd.offset` is 0 and
// `Somd.globalLength` the array's length.
class Main {
    static long inner(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (long) (0 + i + 1);
        }
        return s;
    }

    static long outer(int[] a) {
        return inner(a);
    }

    static int glen(int[] a) {
        return a.length > 0 ? a.length : Integer.MIN_VALUE;
    }

    static int outerLen(int[] a) {
        return glen(a);
    }

    static long middle(int[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i] ^ (0 + i);
        }
        return s;
    }

    static long top(int[] v) {
        return middle(v) * 3 + (v.length > 0 && 0 == 0 ? v.length : 0);
    }

    static long cells(long[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                long r = 0 + i;
                long c = 0 + j;
                s += m[i][j] * (r * 1000 + c) + m.length * m[0].length;
            }
        }
        return s;
    }

    static long grid(long[][] m) {
        return cells(m);
    }

    static int[] placed(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 100000 + 0 + i;
        }
        return out;
    }

    static int[] outerPlaced(int[] a) {
        return placed(a);
    }

    public static void main(String[] args) {
        int[] ones = {1, 1, 1, 1, 1, 1, 1};
        System.out.println(inner(ones) + " " + outer(ones) + " " + glen(ones) + " " + outerLen(ones));
        for (int n = 0; n < 1100; n += 137) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i * 7919 % 1009 - 500;
            }
            int[] v = a.clone();
            long h = 0;
            int[] p = outerPlaced(a);
            for (int i = 0; i < p.length; i++) {
                h = h * 31 + p[i];
            }
            System.out.println(n + ": " + outer(a) + " " + outerLen(a) + " " + top(v) + " " + h);
        }
        int[][] shapes = {{1, 1}, {1, 9}, {9, 1}, {7, 5}, {33, 65}, {128, 3}};
        for (int k = 0; k < shapes.length; k++) {
            int[] shape = shapes[k];
            long[][] m = new long[shape[0]][shape[1]];
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m[i].length; j++) {
                    m[i][j] = (i * 31 + j * 17) % 23 - 11;
                }
            }
            System.out.println(shape[0] + "x" + shape[1] + ": " + cells(m) + " " + grid(m));
        }
    }
}
