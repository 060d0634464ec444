// Java twin of device_nest_prelude.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    // Work-item (i, r) scales row r of plane i.
    static double[][][] scale(double[][][] v, double f) {
        int first = 0;
        for (int i = 0; i < v.length; i++) {
            double[][] p = v[i];
            double bias = (first + i) * 0.5;
            for (int r = 0; r < p.length; r++) {
                for (int c = 0; c < p[r].length; c++) {
                    p[r][c] = p[r][c] * f + bias - r * 0.25 + c;
                }
            }
        }
        return v;
    }

    // An outer product added to each row, its weight computed per row.
    static double[][] outer(double[][] m, double[] b, int k) {
        int first = 0;
        for (int i = 0; i < m.length; i++) {
            double[] row = m[i];
            double w = Math.sqrt(first + i + 1.0) * k;
            for (int j = 0; j < row.length; j++) {
                row[j] = w * b[j % b.length] + row[j];
            }
        }
        return m;
    }

    // Every cell weighted by its row's weight: a 2-D reduction.
    static long weighted(int[][] m) {
        long s = 0;
        int first = 0;
        for (int i = 0; i < m.length; i++) {
            int[] row = m[i];
            long w = (first + i) * 3L + 1;
            for (int j = 0; j < row.length; j++) {
                s += row[j] * w + j;
            }
        }
        return s;
    }

    // Host rounds of two launches, each reading rows named in its prelude.
    static long[][] rounds(long[][] g, long[][] h, int n) {
        for (int t = 0; t < n; t++) {
            {
                for (int i = 0; i < g.length; i++) {
                    long[] src = g[i];
                    long add = t * 3L + 1;
                    for (int j = 0; j < src.length; j++) {
                        h[i][j] = src[j] * 2 + add + j;
                    }
                }
            }
            {
                for (int i = 0; i < h.length; i++) {
                    long[] src = h[i];
                    for (int j = 0; j < src.length; j++) {
                        g[i][j] = src[j] % 1000003 - j;
                    }
                }
            }
        }
        return g;
    }

    // Launches the host sizes as it makes them (their columns read the host scalar `k`):
    // a prelude calling `Math.max` cannot fail and runs in each cell of a 2-D NDRange.
    static long[][] narrowing(long[][] g, int w, int steps) {
        int first = 0;
        for (int t = 0; t < steps; t++) {
            int k = w - t;
            {
                for (int i = 0; i < g.length; i++) {
                    long add = Math.max(t, 2) + first + i;
                    for (int j = 0; j < k; j++) {
                        g[i][j] = (g[i][j] * 3 + add + j) % 1000003;
                    }
                }
            }
        }
        return g;
    }

    // The same with a prelude that may fail (a row of `n`): a launch of no cells would
    // evaluate none, and the host learns the size only as it launches, so each launch is
    // a 1-D loop over the rows.
    static long[][] narrowingFrom(long[][] g, long[][] n, int w, int steps) {
        int first = 0;
        for (int t = 0; t < steps; t++) {
            int k = w - t;
            {
                for (int i = 0; i < g.length; i++) {
                    long[] src = n[first + i + t];
                    for (int j = 0; j < k; j++) {
                        g[i][j] = (g[i][j] * 3 + src[j % src.length] + j) % 1000003;
                    }
                }
            }
        }
        return g;
    }

    // A sum over the first `k` columns of each row, weighted by the row's first cell (which
    // may not exist): called from `shifts` as an intermediate reduction, whose launch the
    // host sizes as it makes it, it is a loop over the rows there.
    static long part(long[][] g, int k) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            long x = g[i][0];
            for (int j = 0; j < k; j++) {
                s += g[i][j] * x;
            }
        }
        return s;
    }

    static long[] shifts(long[] a, long[][] g, int w) {
        long p = part(g, w);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + p;
        }
        return a;
    }

    // The next row may not exist: its prelude may fail (in every cell of its row).
    static int[][] next(int[][] m, int[][] n) {
        int first = 0;
        for (int i = 0; i < m.length; i++) {
            int[] below = n[first + i + 1];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += below[j % below.length];
            }
        }
        return m;
    }

    // A running sum along each row: its prelude's local is assigned in the inner loop.
    static long[][] running(long[][] m) {
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
                m[i][j] = s;
            }
        }
        return m;
    }

    // A fresh table's rows from their first cells, which each row's first cell writes: its
    // prelude reads what a cell writes.
    static int[][] table(int[] a) {
        int first = 0;
        int[][] out = new int[a.length][4];
        for (int i = 0; i < out.length; i++) {
            int base = out[i][0] + first + i;
            for (int j = 0; j < 4; j++) {
                out[i][j] = base * 10 + j;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        double[][][] v = new double[5][4][6];
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 4; y++) {
                for (int z = 0; z < 6; z++) {
                    v[x][y][z] = x * 100 + y * 10 + z + 0.125 * ((x + y * z) % 5);
                }
            }
        }
        double[][][] sv = scale(v, 1.5);
        double vs = 0;
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 4; y++) {
                for (int z = 0; z < 6; z++) {
                    vs = vs * 0.5 + sv[x][y][z];
                }
            }
        }
        System.out.println(sv[0][1][2] + " " + sv[3][3][5] + " " + sv[4][0][0] + " " + vs);

        double[][] m = new double[9][7];
        for (int y = 0; y < 9; y++) {
            for (int z = 0; z < 7; z++) {
                m[y][z] = y * 0.75 - z;
            }
        }
        double[] b = new double[5];
        for (int z = 0; z < 5; z++) {
            b[z] = z * 1.25 - 2;
        }
        double[][] om = outer(m, b, 3);
        System.out.println(om[0][0] + " " + om[4][6] + " " + om[8][3]);

        int[][] q = new int[11][13];
        for (int y = 0; y < 11; y++) {
            for (int z = 0; z < 13; z++) {
                q[y][z] = (y * 7 + z * 5) % 17 - 8;
            }
        }
        System.out.println(weighted(q));
        System.out.println(weighted(new int[0][4]) + " " + weighted(new int[3][0]));

        long[][] g = new long[6][8];
        long[][] h = new long[6][8];
        for (int y = 0; y < 6; y++) {
            for (int z = 0; z < 8; z++) {
                g[y][z] = y * 8 + z;
            }
        }
        long[][] gr = rounds(g, h, 4);
        long gs = 0;
        for (int y = 0; y < 6; y++) {
            for (int z = 0; z < 8; z++) {
                gs = gs * 31 + gr[y][z];
            }
        }
        System.out.println(gr[0][0] + " " + gr[5][7] + " " + gs);

        long[][] gn = narrowing(gr, 8, 3);
        System.out.println(gn[0][0] + " " + gn[5][7] + " " + gn[3][4]);
        long[][] nn = new long[8][3];
        for (int y = 0; y < 8; y++) {
            for (int z = 0; z < 3; z++) {
                nn[y][z] = y * 5 - z;
            }
        }
        long[][] gf = narrowingFrom(gn, nn, 8, 2);
        System.out.println(gf[1][3] + " " + gf[4][6] + " " + gf[5][7]);

        long[] sh = shifts(new long[6], gf, 5);
        System.out.println(sh[0] + " " + sh[5]);

        int[][] a = new int[6][5];
        int[][] nb = new int[7][3];
        for (int y = 0; y < 6; y++) {
            for (int z = 0; z < 5; z++) {
                a[y][z] = y * 5 + z;
            }
        }
        for (int y = 0; y < 7; y++) {
            for (int z = 0; z < 3; z++) {
                nb[y][z] = y * 100 + z;
            }
        }
        int[][] an = next(a, nb);
        System.out.println(an[0][0] + " " + an[2][4] + " " + an[5][3]);

        long[][] r = new long[4][9];
        for (int y = 0; y < 4; y++) {
            for (int z = 0; z < 9; z++) {
                r[y][z] = y + z * 3;
            }
        }
        long[][] rr = running(r);
        System.out.println(rr[0][8] + " " + rr[3][4] + " " + rr[2][0]);

        int[][] tb = table(new int[6]);
        System.out.println(tb[0][0] + " " + tb[3][2] + " " + tb[5][3]);
    }
}
