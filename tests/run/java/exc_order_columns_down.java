// A loop over columns stepping down from a local set to a row's length (`int m =
// a[0].length; for (j = m - 1; j >= 0; j--)`), its rows stepping down too, over a matrix
// split into cells: reads past a table at column 10 of rows 2 and 60 and at column 40 of
// rows 30 and 60. Java meets column 40 first, and there row 60 before row 30, so it raises
// index 500; before, two MIs or more raised column 10's (note device-execution, "Columns
// first").
class Main {
    static long cols(int[][] a, int[] b) {
        long s = 0;
        int m = a[0].length;
        for (int j = m - 1; j >= 0; j--) {
            for (int i = a.length - 1; i >= 0; i--) {
                s += b[a[i][j]] * (long) (j + 1);
            }
            s -= (long) (j) * a.length;
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 5 - 9;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i + j * 3) % 100;
            }
        }
        System.out.println(cols(a, b));
        a[2][10] = 200;
        a[60][10] = 250;
        a[30][40] = 300;
        a[60][40] = 500;
        System.out.println(cols(a, b));
    }
}
// throws-at: 13:22
