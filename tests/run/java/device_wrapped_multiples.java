// Java twin of device_wrapped_multiples.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] columnWrap(int[][] m, int n) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < n; j++) {
                if (j % 4 == 0) {
                    m[i][j * 1073741824] += j;
                }
            }
        }
        return m;
    }

    static int[][] rowWrap(int[][] m, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m[0].length; j++) {
                if (i % 4 == 0) {
                    m[i * 1073741824][j] += i;
                }
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[][] m = columnWrap(new int[3][1], 4000000);
        System.out.println(m[0][0] + " " + m[1][0] + " " + m[2][0]);
        int[][] r = rowWrap(new int[1][5], 400000);
        System.out.println(r[0][0] + " " + r[0][4]);
    }
}
