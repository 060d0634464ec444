// Failures in a loop over columns first (`j < a[0].length`) of a matrix split into cells:
// the lower-left cells read past a table at rows 45 and 60 of column 10, the upper-right
// ones at row 2 of column 40, and every cell's statement after its rows divides by zero at
// column 30. Java raises column 10's at row 45 (index 250): it finishes a column of every
// row before the next, and its rows in order (note device-execution, "Columns first");
// before, two MIs or more raised the division of an upper cell, first in partition order.
class Main {
    static long cols(int[][] a, int[] b, int d) {
        long s = 0;
        for (int j = 0; j < a[0].length; j++) {
            for (int i = 0; i < a.length; i++) {
                s += b[a[i][j]] * (long) (i + 1);
            }
            s += 7 / (j - d) * a.length;
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 3 - 50;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 7 + j) % 100;
            }
        }
        System.out.println(cols(a, b, -1));
        a[60][10] = 300;
        a[45][10] = 250;
        a[2][40] = 200;
        System.out.println(cols(a, b, 30));
    }
}
// throws-at: 12:22
