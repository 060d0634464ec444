// Java twin of exc_stop_map_bound.somd.
class Main {
    static long weigh(int[] row, int n) {
        long s = 0;
        for (int j = 0; j < n; j++) {
            s += row[j] * (j + 1);
        }
        return s;
    }

    static long[] map(int[][] v, int n) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = weigh(v[i], n);
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] m = new int[3000][29];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 29; j++) m[i][j] = i - j;
        }
        long[] r = map(m, 29);
        System.out.println(r[0] + " " + r[2999]);
        r = map(m, 2000000000);
        System.out.println(r[0]);
    }
}
