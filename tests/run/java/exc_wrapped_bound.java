// Java twin of exc_wrapped_bound.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] bump(int[][] m, int k) {
        for (int s = 0; s < k; s++) {
            {
                for (int r = 0; r < m.length; r++) {
                    for (int j = s; j < m[0].length - 2147483647 - 2147483647; j++) {
                        if (j >= 0) {
                            m[r][j] = m[r][j] + 1;
                        }
                    }
                }
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = new int[16][6];
        m = bump(m, 1);
        System.out.println(m[0][0]);
    }
}
