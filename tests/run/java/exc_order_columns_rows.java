// A loop over columns first whose bound is a local set to a row's length (`int m =
// a[0].length;`), over a matrix split into rows (`dim = 1`): the upper rows read past a
// table at column 30, the lower ones at column 10 of rows 20 and 50. Java raises column
// 10's at row 20 (index 300); before, two MIs or more raised column 30's, first in
// partition order (note device-execution, "Columns first").
class Main {
    static long cols(int[][] a, int[] b) {
        long s = 0;
        int m = a[0].length;
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < a.length; i++) {
                s += b[a[i][j]] ^ (long) (i) << 3;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][40];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * k - 77;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 40; j++) {
                a[i][j] = (i * 11 + j) % 100;
            }
        }
        System.out.println(cols(a, b));
        a[5][30] = 400;
        a[20][10] = 300;
        a[50][10] = 200;
        System.out.println(cols(a, b));
    }
}
// throws-at: 12:22
