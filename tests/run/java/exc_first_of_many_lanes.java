// Java twin of exc_first_of_many_lanes.somd: one MI, the loops in order, the matrix
// passed by value.
class Main {
    static int[][] look(int[][] given, int[] table, int[] d, int w) {
        // Parameters are passed by value: the method works on a copy.
        int[][] m = new int[given.length][];
        for (int j = 0; j < given.length; j++) m[j] = given[j].clone();
        for (int j = 0; j < m.length; j++) {
            int[] r = m[j];
            int s = r[0] >> 20;
            for (int i = 0; i < w; i++) {
                r[i] = table[r[i] & 1023] / d[(r[i] >> 10) + s];
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[] table = new int[1000];
        for (int k = 0; k < table.length; k++) table[k] = 3 * k + 1;
        int[] d = {1, 0};
        int[][] m = new int[16][512];
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 512; j++) m[i][j] = (i + 7 * j) % 1000;
        }
        int[][] r = look(m, table, d, 512);
        System.out.println(r[1][1] + " " + r[15][511]);
        m[3][40] = 1024 + 5;
        m[3][41] = 1010;
        r = look(m, table, d, 512);
        System.out.println(r[1][1]);
    }
}
