// Java twin of exc_alias_bounds.somd: the SOMD method is one method instance over the
// whole array.
class Main {
    static int[] sums(int[] ids, int[][] m, int reach) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int[] r = m[ids[i]];
            int s = 0;
            for (int j = 0; j < r.length; j++) {
                s += r[j];
            }
            out[i] = s + r[r[0] == 2345 ? reach : 0];
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] m = new int[3000][6];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 6; j++) {
                m[i][j] = i + j;
            }
        }
        int[] ids = new int[m.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        int[] ok = sums(ids, m, 5);
        System.out.println(ok[0] + " " + ok[2345] + " " + ok[2999]);
        int[] bad = sums(ids, m, 6);
        System.out.println(bad[0]);
    }
}
