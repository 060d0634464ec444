// args: 400 90 3
// Java twin of device_matrix_borrowed.somd: one method instance over the whole arrays
// (`Somd.offset` is 0); `bump` takes its matrix by value, so its caller passes a deep copy.
class Main {
    static double[][] smooth(double[][] g) {
        double[][] out = new double[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = g[i][j] * 0.5 + (0 + i) * 0.25;
            }
        }
        return out;
    }

    static double[] rowSums(double[] out, double[][] g) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double s = 0;
            for (int j = 0; j < g[r0 + i].length; j++) {
                s += g[r0 + i][j];
            }
            out[i] = s;
        }
        return out;
    }

    static int[][] bump(int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] * 3 + 1;
            }
        }
        return m;
    }

    static double rounds(double[][] u, int passes) {
        double[][] g = u;
        u[1][1] = 7.0;
        for (int p = 0; p < passes; p++) {
            g = smooth(g);
        }
        return g[1][1] + g[u.length - 1][2] + u[1][1];
    }

    static double rowAlias(double[][] u) {
        double[] row = u[2];
        double[][] g = u;
        row[3] = 42.0;
        g = smooth(g);
        return g[2][3] + u[2][3];
    }

    static double writtenBetween(double[][] u) {
        double[][] g = u;
        double[] s1 = rowSums(new double[g.length], g);
        u[3][4] = 1000.0;
        double[] s2 = rowSums(new double[g.length], g);
        g[4][0] = -50.0;
        double[] s3 = rowSums(new double[g.length], g);
        g = smooth(g);
        return s1[3] + s2[3] * 3 + s3[4] * 7 + u[4][0] + g[4][0];
    }

    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    static long bumped(int[][] v, int passes) {
        int[][] h = v;
        for (int p = 0; p < passes; p++) {
            h = bump(copy(h));
        }
        return h[2][2] + v[2][2] + h[v.length - 1][v[0].length - 1];
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        int passes = Integer.parseInt(args[2]);
        double[][] u = new double[n][m];
        int[][] v = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                u[i][j] = (i * 7 + j * 3) % 11 * 0.5;
                v[i][j] = (i + j * 5) % 9 - 4;
            }
        }
        System.out.println("rounds " + rounds(u, passes));
        System.out.println("rowAlias " + rowAlias(u) + " " + u[2][3]);
        System.out.println("writtenBetween " + writtenBetween(u) + " " + u[3][4] + " " + u[4][0]);
        double[][] z = u;
        for (int p = 0; p < passes; p++) {
            z = smooth(z);
        }
        System.out.println("main " + z[9][9] + " " + u[9][9]);
        System.out.println("bumped " + bumped(v, passes) + " " + v[2][2]);
    }
}
