// Java twin of device_output_rows.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    // Work-item (i, j) writes its cell through the rows named before the inner loop.
    static int[][] twice(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        int first = 0;
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            int[] arow = a[i];
            for (int j = 0; j < arow.length; j++) {
                orow[j] = arow[j] * 2 + first + i;
            }
        }
        return out;
    }

    // A loop over rows: the row's cells, then its first cell again.
    static int[][] marked(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            for (int j = 0; j < orow.length; j++) {
                orow[j] = a[i][j] + j;
            }
            if (orow.length > 1) {
                orow[0] = -orow[orow.length - 1];
            }
        }
        return out;
    }

    // The whole output named before the loop: written through, it keeps the method on the CPU,
    // as a parameter named so does.
    static double[] triple(double[] x) {
        double[] out = new double[x.length];
        double[] o = out;
        int first = 0;
        for (int i = 0; i < x.length; i++) {
            o[i] = x[i] * 3.0 - (first + i);
        }
        return out;
    }

    // Planes of a fresh volume, and rows of them.
    static double[][][] shifted(double[][][] v) {
        double[][][] out = new double[v.length][v[0].length][v[0][0].length];
        int first = 0;
        for (int i = 0; i < v.length; i++) {
            double[][] p = out[i];
            double[][] q = v[i];
            for (int r = 0; r < q.length; r++) {
                double[] row = p[r];
                for (int c = 0; c < q[r].length; c++) {
                    row[c] = q[r][c] + (first + i) * 0.5 + r;
                }
            }
        }
        return out;
    }

    // An output sized by an `int` parameter.
    static long[][] table(int[] keys, int w) {
        long[][] out = new long[keys.length][w];
        for (int i = 0; i < keys.length; i++) {
            long[] row = out[i];
            for (int j = 0; j < w; j++) {
                row[j] = (long) keys[i] * j - w;
            }
        }
        return out;
    }

    static void put(int[] r, int j, int v) {
        r[j] = v;
    }

    // A row of the output passed to a helper that writes its element `j`.
    static int[][] viaHelper(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            for (int j = 0; j < a[i].length; j++) {
                put(orow, j, a[i][j] - 7);
            }
        }
        return out;
    }

    // An output narrower than the input: the inner loop runs over the output's row.
    static int[][] narrow(int[][] a, int k) {
        int[][] out = new int[a.length][k];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            int[] arow = a[i];
            for (int j = 0; j < orow.length; j++) {
                orow[j] = arow[j] ^ j;
            }
        }
        return out;
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

    static int[][] fresh(int rows, int cols) {
        int[][] a = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                a[i][j] = (i * 37 + j * 11) % 101 - 50;
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int[][] sizes = { {6, 9}, {1, 1}, {3, 0}, {33, 70} };
        for (int s = 0; s < sizes.length; s++) {
            int rows = sizes[s][0];
            int cols = sizes[s][1];
            System.out.println("size " + rows + " x " + cols);
            System.out.println("twice " + sum(twice(fresh(rows, cols))));
            System.out.println("marked " + sum(marked(fresh(rows, cols))));
            System.out.println("viaHelper " + sum(viaHelper(fresh(rows, cols))));
            System.out.println("narrow " + sum(narrow(fresh(rows, cols), cols / 2)));
            double[] x = new double[rows * cols];
            for (int i = 0; i < x.length; i++) {
                x[i] = i * 0.25 - 3;
            }
            double[] t = triple(x);
            double ts = 0;
            for (int i = 0; i < t.length; i++) {
                ts = ts * 0.5 + t[i];
            }
            System.out.println("triple " + ts);
            int[] keys = new int[rows];
            for (int i = 0; i < rows; i++) {
                keys[i] = i * i - 5;
            }
            long[][] tb = table(keys, cols);
            long tsum = 0;
            for (int i = 0; i < tb.length; i++) {
                for (int j = 0; j < tb[i].length; j++) {
                    tsum = tsum * 7 + tb[i][j];
                }
            }
            System.out.println("table " + tsum);
        }
        double[][][] v = new double[3][4][5];
        for (int i = 0; i < 3; i++) {
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 5; c++) {
                    v[i][r][c] = i * 100 + r * 10 + c;
                }
            }
        }
        double[][][] w = shifted(v);
        double vs = 0;
        for (int i = 0; i < 3; i++) {
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 5; c++) {
                    vs = vs * 0.75 + w[i][r][c];
                }
            }
        }
        System.out.println("shifted " + vs);
    }
}
