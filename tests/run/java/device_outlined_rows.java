// args: 400 3
// Host loops storing into the rows of a matrix from SOMD results run as SOMD methods of
// their own (ninety-third session), a work-item per row: rows scaled by their sums (each
// row's sum in Java's order inside its work-item), counts added into a `long` matrix, a
// 1-D loop setting a cell of each row from another of the row, and a matrix whose rows
// were made one by one. Loops that stay on the host: one storing into a matrix whose row
// another local names, and one into a matrix two of whose rows are one array (the host
// sees each store through both names).
class Main {
    static double[][] step(double[][] m, double k) {
        int o = 0;
        int oc = 0;
        double[][] r = new double[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                r[i][j] = m[i][j] * 0.5 + (o + i + oc + j) % 7 + k;
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[][] m = new double[n][n + 1];
        double[][] w = new double[n][n + 1];
        long[][] c = new long[n][n + 1];
        double[][] v = new double[n][];
        for (int i = 0; i < n; i++) {
            v[i] = new double[n + 1];
        }
        double[][] lent = new double[n][n + 1];
        double[] row = lent[1];
        double[][] twice = new double[n][n + 1];
        twice[3] = twice[2];
        for (int r = 0; r < rounds; r++) {
            m = step(m, r);
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j <= n; j++) {
                    s += m[i][j];
                }
                for (int j = 0; j <= n; j++) {
                    w[i][j] = m[i][j] / s;
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < c[i].length; j++) {
                    c[i][j] += (long) (m[i][j] * 1000) % 17;
                }
            }
            for (int i = 0; i < n; i++) {
                c[i][0] = c[i][n] * 3 + i;
            }
            for (int i = 0; i < n; i++) {
                for (int j = n; j >= 0; j--) {
                    v[i][j] = Math.max(m[i][j], v[i][j]) - 0.25;
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= n; j++) {
                    lent[i][j] = m[i][j] + 1;
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= n; j++) {
                    twice[i][j] += m[i][j];
                }
            }
            System.out.println(r + " " + w[1][2] + " " + c[n - 1][n - 2] + " " + c[5][0] + " "
                    + v[7][n] + " " + row[2] + " " + twice[2][2]);
        }
        double check = 0;
        long count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= n; j++) {
                check = check * 0.5 + w[i][j] + v[i][j];
                count = count * 31 + c[i][j];
            }
        }
        System.out.println(check + " " + count);
    }
}
