// Java twin of device_cube_pass.somd: each SOMD method is one method instance over the whole
// arrays (`Somd.offset` is 0). The method that writes its array parameter returns it and the
// caller keeps only the result, so passing the array itself is passing a copy.
class Main {

    static double at(double[][][] v, int x, int y, int z) {
        return v[x][y][z];
    }

    // A helper with a 3-D parameter that passes one of its planes on.
    static double corner(double[][][] v, int x) {
        return planeSum(v[x]) - v[x][v[x].length - 1][v[x][0].length - 1];
    }

    static double planeSum(double[][] p) {
        double s = 0;
        for (int r = 0; r < p.length; r++) {
            for (int c = 0; c < p[r].length; c++) {
                s += p[r][c] * (r + 1);
            }
        }
        return s;
    }

    static double rowDot(double[] r, double[] w) {
        double s = 0;
        for (int k = 0; k < r.length; k++) {
            s += r[k] * w[k];
        }
        return s;
    }

    static int rowMax(int[] r) {
        int m = r[0];
        for (int k = 1; k < r.length; k++) {
            m = Math.max(m, r[k]);
        }
        return m;
    }

    static double[] probe(int[] ids, double[][][] v, double[][] m, double[] w) {
        double[] out = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int x = ids[i] % v.length;
            int y = ids[i] % v[0].length;
            double[] row = v[x][y];
            double t = at(v, x, y, ids[i] % row.length) + planeSum(v[x]) + planeSum(m);
            out[i] = t + rowDot(row, w) + rowDot(v[x][(y + 1) % v[x].length], w) + corner(v, x);
        }
        return out;
    }

    // Work-item `p` scales plane `p`, row by row, through a row local.
    static double[][][] scale(double[][][] a, double f) {
        int first = 0;
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[p].length; r++) {
                double[] row = a[p][r];
                for (int c = 0; c < row.length; c++) {
                    row[c] = row[c] * f + (first + p) - c;
                }
            }
        }
        return a;
    }

    static long peaks(int[] ids, int[][][] g) {
        long t = 0;
        for (int i = 0; i < ids.length; i++) {
            int x = ids[i] % g.length;
            int y = (ids[i] / 3) % g[x].length;
            int[] row = g[x][y];
            t += rowMax(row) * (long) (ids[i] % 7 + 1) + row[ids[i] % row.length];
        }
        return t;
    }

    public static void main(String[] args) {
        double[][][] v = new double[4][3][5];
        for (int p = 0; p < 4; p++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 5; c++) {
                    v[p][r][c] = p * 1.5 + r * 0.25 - c;
                }
            }
        }
        double[][] m = new double[2][2];
        m[1][1] = 3;
        m[0][1] = -0.5;
        double[] w = new double[5];
        for (int k = 0; k < 5; k++) {
            w[k] = k + 0.5;
        }
        int[] ids = new int[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 7;
        }
        double[] o = probe(ids, v, m, w);
        double s = 0;
        for (int i = 0; i < o.length; i++) {
            s += o[i] * (i % 3);
        }
        System.out.println("probe " + o[0] + " " + o[999] + " " + s);

        double[][][] a = new double[64][3][5];
        for (int p = 0; p < 64; p++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 5; c++) {
                    a[p][r][c] = (p * 7 + r * 3 + c) % 11 * 0.5;
                }
            }
        }
        a = scale(a, 2.0);
        a = scale(a, -0.5);
        double check = 0;
        for (int p = 0; p < 64; p++) {
            for (int r = 0; r < 3; r++) {
                check = check * 0.5 + a[p][r][(p + r) % 5];
            }
        }
        System.out.println("scale " + a[0][0][0] + " " + a[63][2][4] + " " + check);

        int[][][] g = new int[6][5][9];
        for (int p = 0; p < 6; p++) {
            for (int r = 0; r < 5; r++) {
                for (int c = 0; c < 9; c++) {
                    g[p][r][c] = (p * 31 + r * 17 + c * 13) % 23 - 11;
                }
            }
        }
        System.out.println("peaks " + peaks(ids, g));

        // Ragged: one row shorter than the others. The CPU path.
        g[5][4] = new int[4];
        g[5][4][3] = 99;
        System.out.println("ragged " + peaks(ids, g));
    }
}
