// Java twin of device_cube_map.somd: `C @ f(a, b)` is f applied to each element of the
// mapped array with the broadcast arguments; `+ !` sums the mapped values in order.
class Main {
    static double f(int i, double[][][] v) {
        return v[i % v.length][i % v[0].length][i % v[0][0].length] * 2;
    }

    static long rowTotal(int[] row) {
        long s = 0;
        for (int k = 0; k < row.length; k++) {
            s += row[k];
        }
        return s;
    }

    static long planeTotal(int[][] p, int w) {
        long s = 0;
        for (int r = 0; r < p.length; r++) {
            s += rowTotal(p[r]) * (r + w);
        }
        return s;
    }

    static long g(int i, int[][][] c, int k) {
        int x = (i + k) % c.length;
        return planeTotal(c[x], i % 5) - c[x][i % c[x].length][i % c[x][0].length];
    }

    static double[] mapF(int[] ids, double[][][] v) {
        double[] out = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = f(ids[i], v);
        }
        return out;
    }

    static long[] mapG(int[] ids, int[][][] c, int k) {
        long[] out = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = g(ids[i], c, k);
        }
        return out;
    }

    public static void main(String[] args) {
        double[][][] v = new double[3][4][5];
        for (int p = 0; p < 3; p++) {
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 5; c++) {
                    v[p][r][c] = p + r * 0.5 + c * 0.25;
                }
            }
        }
        int[] ids = new int[3000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 3;
        }
        double[] r = mapF(ids, v);
        System.out.println("map " + r[0] + " " + r[1234] + " " + r[2999]);
        double t = 0;
        for (double x : mapF(ids, v)) {
            t += x;
        }
        System.out.println("sum " + t);

        int[][][] c = new int[7][6][9];
        for (int p = 0; p < 7; p++) {
            for (int q = 0; q < 6; q++) {
                for (int k = 0; k < 9; k++) {
                    c[p][q][k] = (p * 37 + q * 11 - k * 5) % 29;
                }
            }
        }
        long[] planes = mapG(ids, c, 3);
        long check = 0;
        for (int i = 0; i < planes.length; i++) {
            check = check * 31 + planes[i];
        }
        System.out.println("planes " + planes[0] + " " + planes[2999] + " " + check);

        // Ragged: one plane with fewer rows. The CPU path.
        c[6] = new int[2][9];
        c[6][1][8] = 1000;
        long[] ragged = mapG(ids, c, 3);
        long check2 = 0;
        for (int i = 0; i < ragged.length; i++) {
            check2 = check2 * 31 + ragged[i];
        }
        System.out.println("ragged " + ragged[3] + " " + check2);
    }
}
