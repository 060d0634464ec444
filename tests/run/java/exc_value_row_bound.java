// Java twin of exc_value_row_bound.somd: the freeze's row check written out.
class Main {
    static int[][] freeze(int[][] m, int bound) {
        int[][] v = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            if (m[i].length != bound) {
                throw new IllegalArgumentException(
                        "value array of length " + m[i].length + " does not fit [[" + bound + "]]");
            }
            v[i] = m[i].clone();
        }
        return v;
    }

    public static void main(String[] args) {
        int[][] ok = freeze(new int[][]{{1, 2}, {3, 4}}, 2);
        System.out.println(ok.length + " " + ok[1][1]);
        int[][] m = new int[][]{{1, 2}, {3, 4, 5}, {6}};
        int[][] x = freeze(m, 2);
        System.out.println(x[1].length);
    }
}
