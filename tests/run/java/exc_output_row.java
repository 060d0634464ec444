// Java twin of exc_output_row.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] shift(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            int[] arow = a[i];
            for (int j = 0; j < arow.length; j++) {
                orow[j + 1] = arow[j] * 3;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] a = new int[7][5];
        for (int y = 0; y < 7; y++) {
            for (int z = 0; z < 5; z++) {
                a[y][z] = y - z;
            }
        }
        int[][] b = shift(a);
        System.out.println(b[0][0]);
    }
}
