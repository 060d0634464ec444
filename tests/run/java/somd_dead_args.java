// Java twin of somd_dead_args.somd, with the sequential meaning of its SOMD constructs: a SOMD
// method runs as one method instance over the whole arrays (offset 0, arrays passed by value:
// the twin copies them on entry).
class Main {
    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static long smooth(int[][] m, int step) {
        m = copy(m);
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] * 3 + step + 0 + i;
                s += m[i][j];
            }
        }
        return s;
    }

    static long scale(int[] v, int[] other) {
        v = v.clone();
        other = other.clone();
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            int g = 0 + i;
            v[i] = v[i] * 2 + other[(g + 1) % other.length];
            s += (long) v[i] * (g + 1);
        }
        return s;
    }

    static int[][] grid(int rows, int cols) {
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = i * 10 + j;
            }
        }
        return m;
    }

    static int[] line(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * i - 3;
        }
        return a;
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

    public static void main(String[] args) {
        int[][] a = grid(6, 4);
        System.out.println("a " + smooth(a, 1));

        int[][] b = grid(6, 4);
        long rb = smooth(b, 2);
        System.out.println("b " + rb + " " + sum(b));

        int[][] c = grid(5, 3);
        int[][] alias = c;
        System.out.println("c " + smooth(c, 3) + " " + sum(alias));

        int[][] d = grid(5, 3);
        int[] row = d[2];
        long rd = smooth(d, 4);
        System.out.println("d " + rd + " " + row[0] + " " + row[1] + " " + row[2]);

        int[][] e = grid(4, 2);
        int[][] f = new int[2][];
        f[0] = e[3];
        f[1] = e[0];
        System.out.println("e " + smooth(e, 5) + " " + sum(f));

        int[][] g = grid(4, 4);
        long total = 0;
        for (int k = 0; k < 3; k++) {
            total += smooth(g, k);
        }
        System.out.println("g " + total);

        int[] v = line(9);
        System.out.println("v " + scale(v, v));

        int[] w = line(11);
        int[] x = line(11);
        System.out.println("w " + scale(w, x) + " " + x[3]);
    }
}
