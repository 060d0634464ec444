// Java twin of exc_stop_length_plus.somd.
class Main {
    static long weigh(int[] row) {
        long s = 0;
        for (int j = 0; j < row.length + 2000000000; j++) {
            s += row[j] * (j + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[3000][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i - j;
        }
        System.out.println(m[2999][36]);
        long[] r = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = weigh(m[i]);
        }
        System.out.println(r[0]);
    }
}
