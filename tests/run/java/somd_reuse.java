// Java twin of somd_reuse.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
class Main {
    static int[][] bump(int[][] m, int step) {
        for (int i = 0; i < m.length; i++) {
            int[] r = m[i];
            for (int j = 0; j < r.length; j++) {
                r[j] += step + 0 + i;
            }
        }
        return m;
    }

    static int[] twice(int[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] *= 2;
        }
        return v;
    }

    static int[][] pair(int[][] m, int[][] other) {
        int n = other.length;
        for (int i = 0; i < m.length; i++) {
            int g = 0 + i;
            m[i][0] += other[(g + 1) % n][0];
        }
        return m;
    }

    // The by-value copy of a matrix argument that the method writes.
    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static long sum(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s = s * 31 + m[i][j];
            }
        }
        return s;
    }

    static void printRow(String name, int[] r) {
        System.out.print(name);
        for (int j = 0; j < r.length; j++) {
            System.out.print(" " + r[j]);
        }
        System.out.println();
    }

    public static void main(String[] args) {
        int[][] m = new int[7][5];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i * 10 + j;
            }
        }
        int[] keep = m[3];
        for (int it = 0; it < 4; it++) {
            m = bump(copy(m), it);
        }
        printRow("keep", keep);
        printRow("m[3]", m[3]);
        System.out.println("sum " + sum(m));

        int[][] before = m;
        int[] lastRow = m[6];
        m = bump(copy(m), 100);
        System.out.println("before " + sum(before) + " after " + sum(m));
        printRow("lastRow", lastRow);
        m = bump(copy(m), 1);
        m = bump(copy(m), 2);
        System.out.println("again " + sum(m) + " before " + sum(before));

        int[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        int[] w = v;
        v = twice(v.clone());
        v = twice(v.clone());
        v = twice(v.clone());
        printRow("w", w);
        printRow("v", v);

        int[][] s = m;
        m = pair(copy(m), m);
        printRow("m[0]", m[0]);
        printRow("m[6]", m[6]);
        System.out.println("pair " + sum(m) + " s " + sum(s));
    }
}
