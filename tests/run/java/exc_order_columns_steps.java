// A loop over columns first inside a step loop, its rows stepping down, over a matrix split
// into cells: step 0 reads inside the table everywhere; step 1 reads past it at rows 2 and
// 40 of column 10 and at row 50 of column 20. Java raises row 40's (index 120): inside a
// step each column has its place, and of two cells failing in one column the lower comes
// first where the rows step down (note device-execution, "Columns first"); before, two
// MIs or more raised row 2's, first in partition order.
class Main {
    static long cols(int[][] a, int[] b, int steps) {
        long s = 0;
        for (int t = 0; t < steps; t++) {
            for (int j = 0; j < a[0].length; j++) {
                for (int i = a.length - 1; i >= 0; i--) {
                    s += b[a[i][j] + 50 * t] * (long) (i + 1);
                }
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 7 - 300;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 5 + j * 3) % 50;
            }
        }
        System.out.println(cols(a, b, 2));
        a[2][10] = 60;
        a[40][10] = 70;
        a[50][20] = 80;
        System.out.println(cols(a, b, 1));
        System.out.println(cols(a, b, 2));
    }
}
// throws-at: 13:26
