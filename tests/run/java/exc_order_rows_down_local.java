// A loop over the rows stepping down from a local set to the matrix's length (`int n =
// a.length; for (i = n - 1; i >= 0; i--)`), over a matrix split into cells: reads past a
// table at row 10 of the right cells, at row 50 of the left ones and at row 60 of the right
// ones. Java meets row 60 first (index 500); before, two MIs or more raised row 10's, first
// in partition order (note device-execution, "Columns first").
class Main {
    static long rows(int[][] a, int[] b) {
        long s = 0;
        int n = a.length;
        for (int i = n - 1; i >= 0; i--) {
            for (int j = 0; j < a[i].length; j++) {
                s += b[a[i][j]] + (long) (j) * (i);
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] a = new int[64][64];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = 3 - k;
        }
        for (int i = 0; i < 64; i++) {
            for (int j = 0; j < 64; j++) {
                a[i][j] = (i + j) % 100;
            }
        }
        System.out.println(rows(a, b));
        a[10][40] = 300;
        a[50][10] = 200;
        a[60][40] = 500;
        System.out.println(rows(a, b));
    }
}
// throws-at: 12:22
