// Java twin of device_blocks.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static double[][] dists(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            double[] x = a[i];
            double[] row = out[i];
            for (int j = 0; j < b.length; j++) {
                double[] y = b[j];
                double s = 0;
                for (int k = 0; k < x.length; k++) {
                    double d = x[k] - y[k];
                    s += d * d;
                }
                row[j] = Math.sqrt(s);
            }
        }
        return out;
    }

    static int[][] dots(int[][] a, int[][] b) {
        int[][] out = new int[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                int s = 7;
                for (int k = 0; k < b[j].length; k++) {
                    s = s * 31 + a[i][k] * b[j][k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    static float[][] manhattan(float[][] a, float[][] b, int n) {
        float[][] out = new float[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            float[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                float[] y = b[j];
                float s = 0.0f;
                for (int k = 0; k < n; k++) {
                    s += Math.abs(x[k] - y[k]);
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    static long[][] gram(long[][] a, long[][] b) {
        long[][] out = new long[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            long[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                long[] y = b[j];
                long s = 0;
                for (int k = 0; k < x.length; k++) {
                    s += x[k] * y[k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    // Statements after the staged loop pairing `Math.sin` and `Math.cos` of one value and
    // reading neighbouring elements (the plain cell's temporaries must not leak into them).
    static double[][] trig(double[][] a, double[][] b, double[] w) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            double[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                double[] y = b[j];
                double s = 0;
                for (int k = 0; k < x.length; k++) {
                    s += x[k] * y[k];
                }
                double u = Math.sin(s);
                double v = Math.cos(s);
                out[i][j] = u + v * w[j] + w[j + 1];
            }
        }
        return out;
    }

    static double[][] fromOne(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                double s = a[i][0] * b[j][0];
                for (int k = 1; k < a[i].length; k++) {
                    s = s * 0.5 + a[i][k] * b[j][k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    static double[][] written(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            double[] row = out[i];
            for (int j = 0; j < b.length; j++) {
                for (int k = 0; k < a[i].length; k++) {
                    row[j] = row[j] + a[i][k] * b[j][k];
                }
            }
        }
        return out;
    }

    static double check(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s = s * 0.75 + m[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] sizes = { {37, 45, 40}, {1, 1, 1}, {0, 5, 3}, {4, 0, 3}, {70, 9, 64}, {3, 100, 33} };
        for (int t = 0; t < sizes.length; t++) {
            int n = sizes[t][0];
            int m = sizes[t][1];
            int dims = sizes[t][2];
            double[][] a = new double[n][dims];
            double[][] b = new double[m][dims];
            int[][] ia = new int[n][dims];
            int[][] ib = new int[m][dims];
            float[][] fa = new float[n][dims];
            float[][] fb = new float[m][dims];
            long[][] la = new long[n][dims];
            long[][] lb = new long[n][dims];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < dims; k++) {
                    a[i][k] = ((i * 13 + k * 7) % 29) * 0.25 - 3;
                    ia[i][k] = (i * 104729 + k * 7919) ^ (k << 20);
                    fa[i][k] = ((i * 11 + k * 5) % 17) * 0.5f - 2;
                    la[i][k] = (long) (i - k) * 1000003L;
                    lb[i][k] = la[i][k];
                }
            }
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < dims; k++) {
                    b[j][k] = ((j * 5 + k * 3) % 31) * 0.5 - 7;
                    ib[j][k] = (j * 7919 - k * 104729) | (j << 9);
                    fb[j][k] = ((j * 3 + k * 13) % 19) * 0.25f - 1;
                }
            }
            System.out.println("size " + n + " x " + m + " x " + dims);
            System.out.println("dists " + check(dists(a, b)));
            int[][] d = dots(ia, ib);
            long h = 0;
            for (int i = 0; i < d.length; i++) {
                for (int j = 0; j < d[i].length; j++) {
                    h = h * 31 + d[i][j];
                }
            }
            System.out.println("dots " + h);
            float[][] f = manhattan(fa, fb, dims - 1);
            double fs = 0;
            for (int i = 0; i < f.length; i++) {
                for (int j = 0; j < f[i].length; j++) {
                    fs = fs * 0.5 + f[i][j];
                }
            }
            System.out.println("manhattan " + fs);
            long[][] g = gram(la, lb);
            long gs = 0;
            for (int i = 0; i < g.length; i++) {
                for (int j = 0; j < g[i].length; j++) {
                    gs = gs * 17 + g[i][j];
                }
            }
            System.out.println("gram " + gs);
            double[] w = new double[m + 1];
            for (int j = 0; j <= m; j++) {
                w[j] = j * 0.125 - 1;
            }
            // As a float: `sin` and `cos` may differ from Java's by a few ulp on a device.
            System.out.println("trig " + (float) check(trig(a, b, w)));
            System.out.println("fromOne " + check(fromOne(a, b)));
            System.out.println("written " + check(written(a, b)));
        }
    }
}
