// Java twin of exc_row_read.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[] inner(int[] a, int[][] m) {
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 0; j < m[j].length; j++) {
                s += m[j][0] + j;
            }
            a[i] += s;
        }
        return a;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[][] rows = new int[4][3];
        rows[1][0] = 5;
        a = inner(a, rows);
        System.out.println(a[9]);
        a = inner(a, new int[4][4]);
        System.out.println(a[9]);
    }
}
