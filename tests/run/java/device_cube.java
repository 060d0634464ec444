// Java twin of device_cube.somd: each SOMD method is one method instance over the whole
// arrays (`Somd.offset` is 0). The methods that write their array parameter return it and
// the caller keeps only the result, so passing the array itself is passing a copy.
class Main {

    // Each output cell: the 3 x 3 neighbourhood of (i, j) in plane k, clamped.
    static double[] stencil(int[] cells, double[][][] v, int k) {
        double[] out = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            int i = cells[c] / v[k].length;
            int j = cells[c] % v[k][0].length;
            double s = 0;
            for (int di = -1; di <= 1; di++) {
                for (int dj = -1; dj <= 1; dj++) {
                    int y = Math.min(Math.max(i + di, 0), v[k].length - 1);
                    int x = Math.min(Math.max(j + dj, 0), v[k][y].length - 1);
                    s += v[k][y][x] * (di == 0 && dj == 0 ? 4.0 : -0.5);
                }
            }
            out[c] = s;
        }
        return out;
    }

    // Work-item `p` updates plane `p` in place.
    static long[][][] planes(long[][][] a, long f) {
        int first = 0;
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[p].length; r++) {
                for (int c = 0; c < a[p][r].length; c++) {
                    a[p][r][c] = a[p][r][c] * f + (first + p) - r * c;
                }
            }
        }
        return a;
    }

    // A 2-D nest over (p, r): each work-item writes row a[p][r].
    static int[][][] rows(int[][][] a) {
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[0].length; r++) {
                for (int c = 1; c < a[p][r].length; c++) {
                    a[p][r][c] += a[p][r][c - 1];
                }
            }
        }
        return a;
    }

    static long total(int[] ids, short[][][] s) {
        long t = 0;
        for (int i = 0; i < ids.length; i++) {
            int p = ids[i] % s.length;
            int r = ids[i] % s[p].length;
            int c = ids[i] % s[p][r].length;
            t += s[p][r][c] * (long) ids[i];
        }
        return t;
    }

    public static void main(String[] args) {
        double[][][] v = new double[3][40][50];
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < 40; i++) {
                for (int j = 0; j < 50; j++) {
                    v[k][i][j] = (k * 7 + i * 3 + j) % 16 * 0.25;
                }
            }
        }
        int[] cells = new int[2000];
        for (int c = 0; c < cells.length; c++) {
            cells[c] = c;
        }
        double[] st = stencil(cells, v, 2);
        double sum = 0;
        for (int c = 0; c < st.length; c++) {
            sum += st[c] * (c % 5);
        }
        System.out.println("stencil " + st[0] + " " + st[777] + " " + st[1999] + " " + sum);

        long[][][] a = new long[300][4][5];
        for (int p = 0; p < 300; p++) {
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 5; c++) {
                    a[p][r][c] = p * 100 + r * 10 + c;
                }
            }
        }
        a = planes(a, 3);
        a = planes(a, -2);
        System.out.println("planes " + a[0][0][0] + " " + a[123][2][3] + " " + a[299][3][4]);

        int[][][] b = new int[20][30][8];
        for (int p = 0; p < 20; p++) {
            for (int r = 0; r < 30; r++) {
                for (int c = 0; c < 8; c++) {
                    b[p][r][c] = p - r + c * c;
                }
            }
        }
        b = rows(b);
        long check = 0;
        for (int p = 0; p < 20; p++) {
            for (int r = 0; r < 30; r++) {
                check = check * 31 + b[p][r][7];
            }
        }
        System.out.println("rows " + b[0][0][7] + " " + b[19][29][7] + " " + check);

        short[][][] s = new short[5][6][7];
        for (int p = 0; p < 5; p++) {
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 7; c++) {
                    s[p][r][c] = (short) (p * 1000 - r * 77 + c * 5);
                }
            }
        }
        int[] ids = new int[5000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 13 + 1;
        }
        System.out.println("total " + total(ids, s));

        // Ragged: the last plane has a short row. The CPU path.
        s[4][5] = new short[3];
        s[4][5][2] = 9;
        System.out.println("ragged " + total(ids, s));
    }
}
