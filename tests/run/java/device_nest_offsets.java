// Java twin of device_nest_offsets.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    static double[][] oneBased(double[][] m, double f) {
        double[][] out = new double[m.length][m[0].length];
        for (int i = 1; i <= m.length; i++) {
            for (int j = 1; j <= m[0].length; j++) {
                out[i - 1][j - 1] = m[i - 1][j - 1] * f + j;
            }
        }
        return out;
    }

    static double[][] rotateRows(double[][] z, double wr, double wi) {
        for (int i = 0; i < z.length; i++) {
            for (int j = 0; j < z[0].length / 2; j++) {
                double re = z[i][2 * j];
                double im = z[i][2 * j + 1];
                z[i][2 * j] = re * wr - im * wi;
                z[i][2 * j + 1] = re * wi + im * wr;
            }
        }
        return z;
    }

    static int[][] ahead(int[][] m, int[][] t) {
        for (int i = 0; i < m.length; i++) {
            for (int j = -1; j < m[0].length - 1; j++) {
                int[] row = m[i];
                row[j + 1] = row[j + 1] * 3 + t[(j + 1) % t.length][j + 1];
            }
        }
        return m;
    }

    static long[][] rowPairs(long[][] m) {
        for (int i = 0; i < m.length / 2; i++) {
            for (int j = 0; j < m[0].length; j++) {
                long s = m[2 * i][j] + m[2 * i + 1][j];
                m[2 * i + 1][j] = m[2 * i][j] - m[2 * i + 1][j];
                m[2 * i][j] = s;
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int rows = 300;
        int cols = 257;
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i * 31 + j * 7) % 101 * 0.5;
            }
        }
        double[][] o = oneBased(m, 1.5);
        System.out.println(o[0][0] + " " + o[17][200] + " " + o[rows - 1][cols - 1]);
        double[][] z = new double[rows][2 * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 2 * cols; j++) {
                z[i][j] = (i + 1) * 0.25 - j * 0.125;
            }
        }
        z = rotateRows(z, 0.6, 0.8);
        double zs = 0;
        for (int i = 0; i < rows; i++) {
            zs += z[i][3] * (i % 5) + z[i][2 * cols - 2];
        }
        System.out.println(z[0][0] + " " + z[5][1] + " " + z[rows - 1][2 * cols - 1] + " " + zs);
        int[][] a = new int[rows][cols];
        int[][] t = new int[3][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                a[i][j] = i - j;
            }
        }
        for (int j = 0; j < cols; j++) {
            t[j % 3][j] = j;
        }
        a = ahead(a, t);
        long as = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                as += a[i][j] * (long) (i + 2 * j);
            }
        }
        System.out.println(a[0][0] + " " + a[7][100] + " " + as);
        long[][] p = new long[2 * rows][cols];
        for (int i = 0; i < 2 * rows; i++) {
            for (int j = 0; j < cols; j++) {
                p[i][j] = (long) i * 1000003L + j;
            }
        }
        p = rowPairs(p);
        long ps = 0;
        for (int i = 0; i < 2 * rows; i++) {
            ps = ps * 31 + p[i][i % cols];
        }
        System.out.println(p[0][0] + " " + p[1][5] + " " + p[2 * rows - 1][cols - 1] + " " + ps);
    }
}
