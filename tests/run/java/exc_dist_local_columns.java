// A `dist` local matrix (§2.2) is partitioned like the parameter its lengths come from; an
// index past the whole local's last column fails with Java's index and length (those of
// the whole array the twin makes), also where the MIs split the columns.
class Main {
    static int[][] f(int[][] a) {
        int[][] c = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                c[i][j] = a[i][j] * 2;
            }
        }
        int k = 0 + a[0].length;
        if (k == a[0].length) {
            c[0][a[0].length] = 1;
        }
        return c;
    }

    public static void main(String[] args) {
        int[][] a = new int[6][8];
        int[][] r = f(a);
        System.out.println(r[5][7]);
    }
}
// throws-at: 14:13
