// Java twin of device_plane_locals.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double total(double[][] q) {
        double s = 0;
        for (int y = 0; y < q.length; y++) {
            for (int x = 0; x < q[y].length; x++) {
                s += q[y][x];
            }
        }
        return s;
    }

    static double first(double[] r) {
        return r[0] * 2.0 + r[r.length - 1];
    }

    // Each output cell: the column through (i, j) of plane k, its row's ends and the plane's
    // total.
    static double[] stencil(int[] cells, double[][][] v, int k) {
        double[] out = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            double[][] p = v[k];
            int i = cells[c] / p[0].length;
            int j = cells[c] % p[0].length;
            double s = 0;
            for (int di = -1; di <= 1; di++) {
                int y = Math.min(Math.max(i + di, 0), p.length - 1);
                s += p[y][j] * (di == 0 ? 4.0 : -0.5);
            }
            out[c] = s + first(p[i]) + total(p) * 0.001;
        }
        return out;
    }

    // A local moved to the next plane for odd cells.
    static int[] moved(int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int n = 0; n < ids.length; n++) {
            int k = ids[n] % (c.length - 1);
            int[][] p = c[k];
            if (ids[n] % 2 == 1) {
                p = c[k + 1];
            }
            out[n] = p[ids[n] % p.length][ids[n] % p[0].length] * 10 + p.length;
        }
        return out;
    }

    // Work-item `i` updates plane `i` through a local.
    static long[][][] planes(long[][][] a, long f) {
        int first = 0;
        for (int i = 0; i < a.length; i++) {
            long[][] p = a[i];
            for (int r = 0; r < p.length; r++) {
                for (int c = 0; c < p[r].length; c++) {
                    p[r][c] = p[r][c] * f + (first + i) - r * c;
                }
            }
        }
        return a;
    }

    // A 2-D nest over (i, j): work-item (i, j) runs its row a[i][j] through a plane local.
    static int[][][] rows(int[][][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                int[][] p = a[i];
                for (int c = 1; c < p[j].length; c++) {
                    p[j][c] += p[j][c - 1];
                }
            }
        }
        return a;
    }

    // A plane and a row of a 2-D array named before the loop.
    static double[] fixed(int[] cells, double[][][] v, double[][] w, int k) {
        double[] out = new double[cells.length];
        double[][] p = v[k];
        double[] r = w[k + 1];
        for (int c = 0; c < cells.length; c++) {
            out[c] = p[cells[c] % p.length][cells[c] % p[0].length] * r[cells[c] % r.length];
        }
        return out;
    }

    // A plane named before the loop whose row length sizes the output and the nest's
    // columns: a 2-D NDRange over (i, x).
    static double[][] blend(int[] ids, double[][][] v, int k) {
        double[][] p = v[k];
        double[][] out = new double[ids.length][p[0].length];
        for (int i = 0; i < ids.length; i++) {
            for (int x = 0; x < p[0].length; x++) {
                out[i][x] = p[ids[i] % p.length][x] * 2.0 + x;
            }
        }
        return out;
    }

    // A row of a plane named before the loop, read through a 1-D local.
    static double[] rowsOf(int[] cells, double[][][] v, int k) {
        double[] out = new double[cells.length];
        double[][] p = v[k];
        for (int c = 0; c < cells.length; c++) {
            double[] r = p[cells[c] % p.length];
            out[c] = r[0] + r[r.length - 1] * 2.0;
        }
        return out;
    }

    // Work-item `i` runs a prefix sum along each row of its own plane through a row local.
    static long[][][] prefix(long[][][] a) {
        int first = 0;
        for (int i = 0; i < a.length; i++) {
            long[][] p = a[i];
            for (int y = 0; y < p.length; y++) {
                long[] r = p[y];
                for (int z = 1; z < r.length; z++) {
                    r[z] += r[z - 1] + first + i;
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        double[][][] v = new double[3][4][5];
        for (int x = 0; x < 3; x++) {
            for (int y = 0; y < 4; y++) {
                for (int z = 0; z < 5; z++) {
                    v[x][y][z] = x * 100 + y * 10 + z + 0.25 * ((x + y * z) % 3);
                }
            }
        }
        int[] cells = new int[20];
        for (int c = 0; c < 20; c++) {
            cells[c] = c;
        }
        double[] o = stencil(cells, v, 1);
        System.out.println(o[0] + " " + o[7] + " " + o[19]);
        double[][] w = new double[3][6];
        for (int y = 0; y < 3; y++) {
            for (int z = 0; z < 6; z++) {
                w[y][z] = y - z * 0.5;
            }
        }
        double[] f = fixed(cells, v, w, 1);
        System.out.println(f[0] + " " + f[7] + " " + f[19]);
        double[] ro = rowsOf(cells, v, 2);
        System.out.println(ro[0] + " " + ro[7] + " " + ro[19]);
        double[][] bl = blend(cells, v, 2);
        System.out.println(bl[0][4] + " " + bl[7][2] + " " + bl[19][0] + " " + bl[0].length);

        int[][][] c = new int[4][3][2];
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 3; y++) {
                for (int z = 0; z < 2; z++) {
                    c[x][y][z] = x * 9 + y * 4 + z * 3 + 1;
                }
            }
        }
        int[] ids = new int[50];
        for (int n = 0; n < 50; n++) {
            ids[n] = (n * 13 + 5) % 37;
        }
        int[] m = moved(ids, c);
        long ms = 0;
        for (int n = 0; n < 50; n++) {
            ms = ms * 31 + m[n];
        }
        System.out.println(m[0] + " " + m[1] + " " + m[49] + " " + ms);

        long[][][] a = new long[7][3][4];
        for (int x = 0; x < 7; x++) {
            for (int y = 0; y < 3; y++) {
                for (int z = 0; z < 4; z++) {
                    a[x][y][z] = x - y + z * 2;
                }
            }
        }
        long[][][] r = planes(a, 3L);
        System.out.println(r[0][1][2] + " " + r[3][2][0] + " " + r[6][2][3]);

        int[][][] q = new int[5][6][7];
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 6; y++) {
                for (int z = 0; z < 7; z++) {
                    q[x][y][z] = (x * 7 + y * 3 + z) % 11 - 5;
                }
            }
        }
        int[][][] s = rows(q);
        long qs = 0;
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 6; y++) {
                qs = qs * 7 + s[x][y][6];
            }
        }
        System.out.println(s[0][0][6] + " " + s[4][5][6] + " " + qs);

        long[][][] pre = prefix(r);
        System.out.println(pre[0][0][3] + " " + pre[3][1][3] + " " + pre[6][2][3]);
    }
}
