// Java twin of dist_ragged.somd: each SOMD method is one method instance over the whole
// matrix (offsets 0, global lengths the matrix's own), value matrices are arrays.
class Main {
    static long cells(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + i + 1L) + 0 + j;
            }
        }
        return s;
    }

    static long columns(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            s += m[i].length * 7L + m[0].length;
        }
        return s;
    }

    static int[][] halo(int[][] m) {
        int[][] out = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            out[i] = new int[m[i].length];
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] + 1;
            }
        }
        return out;
    }

    static long values(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + i + 1L);
            }
        }
        return s;
    }

    static long bumped(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += i + 1;
                s += m[i][j];
            }
        }
        return s;
    }

    static int rowsOnly(int[][] m) {
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            s += m[i] == null ? -1 : m[i].length;
        }
        return s;
    }

    static int[][] copy(int[][] a) {
        int[][] c = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    public static void main(String[] args) {
        int[][] a = new int[9][];
        for (int i = 0; i < a.length; i++) {
            a[i] = new int[i == 3 ? 2 : 5 + i % 2];
            for (int j = 0; j < a[i].length; j++) {
                a[i][j] = i * 4 + j;
            }
        }
        System.out.println(cells(a) + " " + columns(a));
        int[][] h = halo(a);
        long check = 0;
        for (int i = 0; i < h.length; i++) {
            for (int j = 0; j < h[i].length; j++) {
                check = check * 31 + h[i][j];
            }
        }
        System.out.println(h.length + " " + check);
        System.out.println(values(copy(a)));
        // By value: the method works on a copy.
        System.out.println(bumped(copy(a)) + " " + a[3][1] + " " + a[8][4]);
        a[6] = null;
        System.out.println(rowsOnly(a));
        System.out.println(columns(a));
    }
}
