// exc_order_columns_split.somd with the failing call going up: over a matrix split into
// columns only (`dim = 2`) each column is one MI's, in partition order, which is Java's
// order, so the loop is not marked. It reads past a table at column 5 of row 60 and at
// column 50 of row 2; Java raises column 5's (index 300) (note device-execution, "Columns
// first").
class Main {
    static long up(int[][] a, int[] b) {
        long s = 0;
        for (int j = 0; j < a[0].length; j++) {
            for (int i = 0; i < a.length; i++) {
                s += b[a[i][j]] * (long) (j + 1);
            }
        }
        return s;
    }

    static long down(int[][] a, int[] b) {
        long s = 0;
        for (int j = a[0].length - 1; j >= 0; j--) {
            for (int i = 0; i < a.length; i++) {
                s += b[a[i][j]] - (long) (j) * i;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 11 % 37;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 13 + j) % 100;
            }
        }
        System.out.println(up(a, b) + " " + down(a, b));
        a[60][5] = 300;
        a[2][50] = 200;
        System.out.println(up(a, b));
    }
}
// throws-at: 11:22
