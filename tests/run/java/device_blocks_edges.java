// Java twin of device_blocks_edges.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    // 37 x 45 cells of 8 columns: the first row's cells came out as the sum's start.
    static int[][] dots(int[][] xs, int[][] ys) {
        int[][] out = new int[xs.length][ys.length];
        for (int i = 0; i < xs.length; i++) {
            int[] row = out[i];
            for (int j = 0; j < ys.length; j++) {
                int s = 1;
                for (int k = 0; k < 8; k++) {
                    s += xs[i][k] * ys[j][k];
                }
                row[j] = s;
            }
        }
        return out;
    }

    // 3 x 2 cells of 16 of 32 columns, written directly: the process aborted.
    static long[][] diffs(long[][] xs, long[][] ys) {
        long[][] out = new long[xs.length][ys.length];
        for (int i = 0; i < xs.length; i++) {
            long[] x = xs[i];
            for (int j = 0; j < ys.length; j++) {
                long s = 0;
                for (int k = 0; k < 16; k++) {
                    s += x[k] - ys[j][k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    // Reads guarded by the row's length and a result from the row's first element: the
    // barrier alone did not mend it.
    static double[][] guarded(double[][] xs, double[][] ys) {
        double[][] out = new double[xs.length][ys.length];
        for (int i = 0; i < xs.length; i++) {
            double[] row = out[i];
            for (int j = 0; j < ys.length; j++) {
                float s = 0.0f;
                for (int k = 0; k < xs[i].length; k++) {
                    double d = xs[i][k] + (k < ys[j].length ? ys[j][k] : 1e10);
                    s -= Math.abs(k < ys[j].length ? ys[j][k] : 1e10) >= xs[i][k]
                        ? (float) k : (-0.0f <= s ? (float) d : (float) (k < ys[j].length ? ys[j][k] : 1e10));
                }
                row[j] = (xs[i].length > 0 ? xs[i][0] : 1e10) - (double) s;
            }
        }
        return out;
    }

    static int[][] ints(int rows, int cols, int a, int b) {
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                m[i][k] = a * i + b * k;
            }
        }
        return m;
    }

    static long[][] longs(int rows, int cols, long a, long b) {
        long[][] m = new long[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                m[i][k] = a * i + b * k * k;
            }
        }
        return m;
    }

    static double[][] doubles(int rows, int cols, int seed) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                m[i][k] = ((i * 7 + k * 13 + seed) % 19) * 0.25 - 2.0;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] d = dots(ints(37, 8, 1, 1), ints(45, 8, 1, -1));
        long sum = 0;
        for (int i = 0; i < d.length; i++) {
            for (int j = 0; j < d[i].length; j++) {
                sum = sum * 31 + d[i][j];
            }
        }
        System.out.println("dots " + d[0][0] + " " + d[0][44] + " " + d[36][44] + " " + sum);
        long[][] e = diffs(longs(3, 32, 100, 0), longs(2, 32, 1000, 1));
        for (int i = 0; i < e.length; i++) {
            System.out.println("diffs " + e[i][0] + " " + e[i][1]);
        }
        int[][] sizes = {{10, 18, 32, 18}, {14, 22, 55, 47}, {17, 33, 1, 40}};
        for (int t = 0; t < sizes.length; t++) {
            double[][] g = guarded(doubles(sizes[t][0], sizes[t][1], t), doubles(sizes[t][2], sizes[t][3], t + 5));
            double h = 0;
            for (int i = 0; i < g.length; i++) {
                for (int j = 0; j < g[i].length; j++) {
                    h = h * 0.5 + g[i][j];
                }
            }
            System.out.println("guarded " + g.length + " " + g[0].length + " " + h);
        }
    }
}
