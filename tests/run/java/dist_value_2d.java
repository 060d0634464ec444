// Java twin of dist_value_2d.somd: value arrays become arrays (`new T[[]][[]](a)` a deep
// copy), each SOMD method one method instance over the whole arrays (offset 0, no halos).
class Squares {
    // Row boundaries growing quadratically: MIs hold unequal numbers of rows.
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) {
            b[r] = (int) ((long) length * r * r / ((long) parts * parts));
        }
        return b;
    }
}

class Main {
    static int[][] scaled(int[][] m, int k) {
        int cols = m.length > 0 ? m[0].length : 0;
        int[][] out = new int[m.length][cols];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * k + (0 + i) - (0 + j);
            }
        }
        return out;
    }

    static long weighted(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * ((0 + i) * 1000L + 0 + j + 1);
            }
        }
        return s;
    }

    static double columns(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + j + 1) * m[0].length;
            }
        }
        return s;
    }

    static int shape(double[][] m) {
        return m.length * 100 + m[0].length;
    }

    static long rows(int[][] tri) {
        long s = 0;
        for (int i = 0; i < tri.length; i++) {
            for (int j = 0; j < tri[i].length; j++) {
                s += tri[i][j] * (0 + i + 1L);
            }
        }
        return s;
    }

    static long strategy(int[][] m) {
        long h = 0;
        for (int i = 0; i < m.length; i++) {
            long row = 0;
            for (int j = 0; j < m[i].length; j++) {
                row = row * 31 + m[i][j];
            }
            h ^= row * (0 + i + 1);
        }
        return h;
    }

    static long[][] laplace(long[][] g) {
        int cols = g.length > 0 ? g[0].length : 0;
        long[][] out = new long[g.length][cols];
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                out[i][j] = g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4 * g[i][j]
                    + (0 + i) * g[0].length + 0 + j;
            }
        }
        return out;
    }

    static long box(long[][] g) {
        long s = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                long around = 0;
                for (int di = -1; di <= 1; di++) {
                    for (int dj = -1; dj <= 1; dj++) {
                        around += g[i + di][j + dj];
                    }
                }
                s += around * (0 + i + 1) - g[i][j] * (0 + j);
            }
        }
        return s;
    }

    static long cube(int[][][] c) {
        long s = 0;
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < c[i].length; j++) {
                for (int k = 0; k < c[i][j].length; k++) {
                    s += c[i][j][k] * ((0 + i) * 100L + (0 + j) * 10L + k + 1);
                }
            }
        }
        return s;
    }

    static int[][] copy(int[][] a) {
        int[][] c = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    static long[][] copy(long[][] a) {
        long[][] c = new long[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    static int[][][] copy3(int[][][] a) {
        int[][][] c = new int[a.length][][];
        for (int i = 0; i < a.length; i++) {
            c[i] = copy(a[i]);
        }
        return c;
    }

    public static void main(String[] args) {
        int[][] shapes = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 5}, {8, 8}, {17, 9}, {64, 3}};
        for (int t = 0; t < shapes.length; t++) {
            int rows = shapes[t][0];
            int cols = shapes[t][1];
            int[][] a = new int[rows][cols];
            long[][] g = new long[rows][cols];
            double[][] d = new double[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    a[i][j] = (i * 7 + j * j * 3) % 13 - 4;
                    g[i][j] = (i * 5L + j * 11L) % 17;
                    d[i][j] = a[i][j] * 0.5;
                }
            }
            int[][] m = copy(a);
            int[][] r = scaled(m, 3);
            long check = 0;
            for (int i = 0; i < r.length; i++) {
                for (int j = 0; j < r[i].length; j++) {
                    check = check * 7 + r[i][j];
                }
            }
            long[][] l = laplace(copy(g));
            long h = 0;
            for (int i = 0; i < l.length; i++) {
                for (int j = 0; j < l[i].length; j++) {
                    h = h * 5 + l[i][j];
                }
            }
            double[][] dv = copy(d);
            System.out.println(rows + "x" + cols + ": scaled " + r.length + "x" + r[0].length + " " + check
                + " weighted " + weighted(m) + " columns " + columns(dv) + " shape " + shape(dv)
                + " strategy " + strategy(m) + " laplace " + l.length + "x" + l[0].length + " " + h
                + " box " + box(copy(g)) + " " + a[0][0]);
        }
        int[][] tri = new int[23][];
        for (int i = 0; i < tri.length; i++) {
            tri[i] = new int[i % 5 + 1];
            for (int j = 0; j < tri[i].length; j++) {
                tri[i][j] = i * 3 - j * 2;
            }
        }
        System.out.println("ragged rows " + rows(copy(tri)));
        int[][][] c = new int[6][5][4];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 5; j++) {
                for (int k = 0; k < 4; k++) {
                    c[i][j][k] = i * 20 + j * 4 + k - 50;
                }
            }
        }
        System.out.println("cube " + cube(copy3(c)));
    }
}
