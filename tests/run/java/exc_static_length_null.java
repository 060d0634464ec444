// Java twin of exc_static_length_null.somd.
class Main {
    static final int[] STEPS = steps(0);

    static int[] steps(int k) {
        return k > 0 ? new int[]{1, 2, 3} : null;
    }

    static int[][] shifted(int[][] m) {
        int[][] r = new int[m.length][3];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < STEPS.length; j++) {
                r[i][j] = m[i][j] + STEPS[j];
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] m = new int[400][3];
        System.out.println(m.length);
        int[][] r = shifted(m);
        System.out.println(r[2][1]);
    }
}
