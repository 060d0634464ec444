// Two calls, in one statement of an MI body, of a helper with a loop over the rows of the
// partition it is passed: the matrix split into cells fails in the second call at row 3
// (an upper cell) and in the first call at row 40 (a lower one). Java raises the first
// call's (index 150): it evaluates the left operand over the whole matrix before the right
// (note device-execution, "Helpers an MI calls"); before, two MIs or more raised the second
// call's, the upper cell coming first in partition order.
class Main {
    static long sweep(int[][] g, int[] b, int k) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += b[(g[i][j] >> (8 * k)) & 0xFF] * (long) (k + 1);
            }
        }
        return s;
    }

    static long second(int[][] g, int[] b) {
        long s = 0;
        s += sweep(g, b, 0) - sweep(g, b, 1);
        return s;
    }

    public static void main(String[] args) {
        int n = 64;
        int[][] g = new int[n][n];
        int[] b = new int[100];
        for (int k = 0; k < b.length; k++) {
            b[k] = 7 * k - 300;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = (i * 5 + j) % 100 + 256 * ((i + j) % 90);
            }
        }
        System.out.println(second(g, b));
        g[3][60] = 200 << 8;
        g[40][1] = 150;
        System.out.println(second(g, b));
    }
}
