// A loop over columns first inside a step loop, over a matrix split into cells, its body a
// loop over the rows and then a division that fails at column 30: at column 30 the lower
// cells also read past a table at row 60, while the upper ones pass their rows and reach
// the division. Java raises the read (index 300): it finishes a column's rows before the
// statement after them (note device-execution, "Columns first"); before, two MIs or more
// raised the upper cells' division by zero, first in partition order.
class Main {
    static long cols(int[][] a, int[] b, int steps, int d) {
        long s = 0;
        for (int t = 0; t < steps; t++) {
            for (int j = 0; j < a[0].length; j++) {
                for (int i = 0; i < a.length; i++) {
                    s += b[a[i][j]] * (long) (t + 1);
                }
                s += 7 / (j - d) * a.length;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] a = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = k * 5 - 200;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 3 + j * 7) % 100;
            }
        }
        System.out.println(cols(a, b, 2, -1));
        a[60][30] = 300;
        System.out.println(cols(a, b, 2, 30));
    }
}
// throws-at: 13:26
