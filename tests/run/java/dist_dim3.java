// Twin of dist_dim3.somd: one method instance holds the whole array.
class Main {
    static long weighted(long[][][] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                for (int k = 0; k < a[i][j].length; k++) {
                    long gi = i;
                    long gj = j;
                    long gk = k;
                    s += a[i][j][k] * (gi * 10000 + gj * 100 + gk) + a[i][j].length;
                }
            }
        }
        return s;
    }

    static long[][][] doubled(long[][][] a) {
        long[][][] r = new long[a.length][a[0].length][a[0][0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                for (int k = 0; k < a[i][j].length; k++) {
                    r[i][j][k] = 2 * a[i][j][k];
                }
            }
        }
        return r;
    }

    public static void main(String[] args) {
        for (int n = 1; n <= 40; n += 13) {
            long[][][] a = new long[n][n + 2][n + 5];
            for (int i = 0; i < a.length; i++) {
                for (int j = 0; j < a[i].length; j++) {
                    for (int k = 0; k < a[i][j].length; k++) {
                        a[i][j][k] = (i * 7 + j * 3 + k) % 11 - 5;
                    }
                }
            }
            long[][][] d = doubled(a);
            long check = 0;
            for (int i = 0; i < d.length; i++) {
                for (int j = 0; j < d[i].length; j++) {
                    for (int k = 0; k < d[i][j].length; k++) {
                        check = check * 31 + d[i][j][k];
                    }
                }
            }
            System.out.println(n + ": " + weighted(a) + " " + check + " " + d.length + "x"
                + d[0].length + "x" + d[0][0].length);
        }
    }
}
