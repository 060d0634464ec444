// args: 600 70
// Java twin of device_outputs_shape_reads.somd: one method instance over the whole arrays
// (`Somd.offset` is 0); array parameters are passed by value, so the callers of
// `accumulate`, `fromOld` and `pick` pass copies.
class Main {
    static double[] rowDots(double[] out, double[][] a, double[] v) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            double[] row = a[r0 + i];
            double s = 0;
            for (int t = 0; t < row.length; t++) {
                s += row[t] * v[t];
            }
            out[i] = s;
        }
        return out;
    }

    static long[] rowSums(long[] out, int[][] a) {
        for (int i = 0; i < out.length; i++) {
            long s = 0;
            for (int t = 0; t < a[i + 0].length; t++) {
                s += a[i + 0][t] * (long) (t + 1);
            }
            out[i] = s;
        }
        return out;
    }

    static double[][] multiply(double[][] c, double[][] a, double[][] bt) {
        int r0 = 0;
        int c0 = 0;
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < c[i].length; j++) {
                double[] x = a[r0 + i];
                double[] y = bt[c0 + j];
                double s = 0;
                for (int t = 0; t < x.length; t++) {
                    s += x[t] * y[t];
                }
                c[i][j] = s;
            }
        }
        return c;
    }

    static long[] accumulate(long[] out, int[][] a) {
        for (int i = 0; i < out.length; i++) {
            for (int t = 0; t < a[i + 0].length; t++) {
                out[i] += a[i + 0][t];
            }
        }
        return out;
    }

    static long[] fromOld(long[] out, int[][] a) {
        for (int i = 0; i < out.length; i++) {
            long s = out[i];
            for (int t = 0; t < a[i + 0].length; t++) {
                s += a[i + 0][t];
            }
            out[i] = s;
        }
        return out;
    }

    static long[] pick(long[] out, int[][] a) {
        int r0 = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = out[i] > 1300 ? a[r0 + i][0] : a[r0 + i][1];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        double[][] a = new double[n][m];
        int[][] ia = new int[n][m];
        double[] v = new double[m];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                a[i][t] = (i * 7 + t * 3) % 11 - 5;
                ia[i][t] = (i * 5 + t) % 13 - 6;
            }
        }
        for (int t = 0; t < m; t++) {
            v[t] = t % 4 + 0.5;
        }
        double[] d = rowDots(new double[n], a, v);
        System.out.println("rowDots " + d[0] + " " + d[n / 2] + " " + d[n - 1]);
        long[] r = rowSums(new long[n], ia);
        System.out.println("rowSums " + r[1] + " " + r[n / 3] + " " + r[n - 2]);
        double[][] bt = new double[n / 2][m];
        for (int j = 0; j < n / 2; j++) {
            for (int t = 0; t < m; t++) {
                bt[j][t] = (j + 2 * t) % 9 - 4;
            }
        }
        double[][] c = multiply(new double[n][n / 2], a, bt);
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n / 2; j++) {
                total += c[i][j];
            }
        }
        System.out.println("multiply " + c[0][0] + " " + c[n - 1][n / 2 - 1] + " " + total);
        long[] seeded = new long[n];
        for (int i = 0; i < n; i++) {
            seeded[i] = 1000 + i;
        }
        long[] acc = accumulate(seeded.clone(), ia);
        System.out.println("accumulate " + acc[0] + " " + acc[n - 1] + " " + seeded[3]);
        long[] old = fromOld(seeded.clone(), ia);
        System.out.println("fromOld " + old[2] + " " + old[n - 1]);
        long[] p = pick(seeded.clone(), ia);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += p[i];
        }
        System.out.println("pick " + p[1] + " " + sum);
    }
}
