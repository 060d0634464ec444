// Java twin of exc_stop_fold_range.somd.
class Main {
    static int at(int[] row, int k) {
        return row[k];
    }

    static long total(int[] row, int n) {
        int s = 0;
        for (int k = 0; k < n; k++) {
            s += at(row, k);
        }
        return s;
    }

    static long[] map(int[][] v, int n) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = total(v[i], n);
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] m = new int[3000][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i * 3 - j;
        }
        long[] r = map(m, 37);
        System.out.println(r[0] + " " + r[2999]);
        r = map(m, 2000000000);
        System.out.println(r[0]);
    }
}
