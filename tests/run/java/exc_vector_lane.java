// Java twin of exc_vector_lane.somd.
class Main {
    static int[] pick(int[][] m, int[] w) {
        int[] r = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] q = m[i];
            r[i] = q[q[0] % 5] + w[q[1] & 3];
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] t = new int[3000][4];
        for (int i = 0; i < t.length; i++) {
            t[i][0] = i == 2345 ? 4 : i % 4;
            t[i][1] = i;
        }
        System.out.println(t.length);
        int[] r = pick(t, new int[]{1, 2, 3, 4});
        System.out.println(r[7]);
    }
}
