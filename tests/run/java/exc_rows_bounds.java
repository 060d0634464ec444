// Java twin of exc_rows_bounds.somd: the SOMD method is one method instance over the
// whole matrix, on a copy (arguments are passed by value).
class Main {
    static int[][] bump(int[][] m, int[] rowK, int k, int reach) {
        int first = 0;
        m = copy(m);
        for (int jj = 0; jj < m.length; jj++) {
            int j = first + jj;
            if (j <= k) {
                continue;
            }
            int[] r = m[jj];
            for (int i = 0; i < r.length; i++) {
                r[i] = r[i] + rowK[i + reach];
            }
        }
        return m;
    }

    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    public static void main(String[] args) {
        int[][] m = new int[20][8];
        for (int j = 0; j < m.length; j++) {
            for (int i = 0; i < m[j].length; i++) {
                m[j][i] = j + i;
            }
        }
        System.out.println("start " + m[3][4]);
        for (int k = 0; k < m.length; k++) {
            int[] rowK = m[k];
            rowK[0] = rowK[0] + 1;
            m = bump(m, rowK, k, k == 3 ? 1 : 0);
        }
        System.out.println("never " + m[19][7]);
    }
}
