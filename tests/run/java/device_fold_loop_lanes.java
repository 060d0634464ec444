// Java twin of device_fold_loop_lanes.somd.
class Main {
    static int h(int[] row, int k) {
        return row[k];
    }

    static int f(int[] row, int n, int reps) {
        int s = 0;
        for (int j = 0; j < reps; j++) {
            int t = 0;
            for (int k = 0; k < n - j; k++) {
                t += h(row, k);
            }
            s += t;
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[64][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i * 3 - j;
        }
        int[] r = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = f(m[i], 37, 3);
        }
        System.out.println(r[0] + " " + r[63]);
    }
}
