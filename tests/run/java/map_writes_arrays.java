// Java twin of map_writes_arrays.somd: each `@` is a loop over its applications.
class Main {
    static int mark(int i, int[] out) {
        out[i] = i * 2 + 1;
        return i + 1;
    }

    static int fill(int[] row, int k) {
        for (int j = 0; j < row.length; j++) {
            row[j] = row[j] * k + j;
        }
        return row.length;
    }

    static long add(int i, long[] acc) {
        acc[i % 4] += i;
        return acc[i % 4];
    }

    public static void main(String[] args) {
        int[] out = new int[8];
        int[] r = new int[8];
        for (int i = 0; i < 8; i++) {
            r[i] = mark(i, out);
        }
        System.out.println(out[0] + " " + out[3] + " " + out[7] + " " + r[7]);
        int[][] m = new int[5][3];
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 3; j++) {
                m[i][j] = i - j;
            }
        }
        int[] lens = new int[5];
        for (int i = 0; i < 5; i++) {
            lens[i] = fill(m[i], 3);
        }
        System.out.println(lens[4] + " " + m[0][2] + " " + m[2][1] + " " + m[4][0]);
        long[] acc = new long[4];
        long[] sums = new long[300000];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = add(i, acc);
        }
        System.out.println(acc[0] + " " + acc[3] + " " + sums[299999] + " " + sums[150001]);
        long[] more = new long[4];
        long total = 0;
        for (int i = 0; i < 200000; i++) {
            total += add(i, more);
        }
        System.out.println(total + " " + more[1]);
    }
}
