// Arrays: initializers, defaults, length, rectangular and ragged multi-dimensional arrays,
// aliasing.
class Main {
    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static void fill(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            a[i] = v;
        }
    }

    public static void main(String[] args) {
        int[] a = {3, 1, 4, 1, 5, 9, 2, 6};
        int[] b = new int[]{2, 7, 1, 8};
        System.out.println(a.length + " " + b.length + " " + sum(a) + " " + sum(b));
        int[] alias = a;
        alias[0] = 100;
        System.out.println(a[0]);
        fill(b, 4);
        System.out.println(sum(b));
        long[] ls = new long[3];
        double[] ds = new double[2];
        boolean[] bs = new boolean[2];
        char[] cs = new char[2];
        float[] fs = new float[1];
        System.out.println(ls[2] + " " + ds[1] + " " + bs[0] + " " + (int) cs[1] + " " + fs[0]);
        int[][] grid = new int[3][4];
        for (int i = 0; i < grid.length; i++) {
            for (int j = 0; j < grid[i].length; j++) {
                grid[i][j] = i * 10 + j;
            }
        }
        System.out.println(grid.length + " " + grid[0].length + " " + grid[2][3]);
        int[][] ragged = new int[4][];
        for (int i = 0; i < ragged.length; i++) {
            ragged[i] = new int[i + 1];
            for (int j = 0; j <= i; j++) {
                ragged[i][j] = (i == j || j == 0) ? 1 : ragged[i - 1][j - 1] + ragged[i - 1][j];
            }
        }
        for (int i = 0; i < ragged.length; i++) {
            for (int j = 0; j < ragged[i].length; j++) {
                System.out.print(ragged[i][j] + " ");
            }
            System.out.println();
        }
        int[][] lit = {{1}, {2, 3}, {}, {4, 5, 6}};
        int total = 0;
        for (int i = 0; i < lit.length; i++) {
            total += lit[i].length * 100 + sum(lit[i]);
        }
        System.out.println(total);
        double[][][] cube = new double[2][3][4];
        cube[1][2][3] = 1.5;
        System.out.println(cube.length + " " + cube[1].length + " " + cube[1][2].length + " " + cube[1][2][3]);
        int[] row = grid[1];
        row[0] = -1;
        System.out.println(grid[1][0]);
        grid[2] = new int[]{7};
        System.out.println(grid[2].length);
        int[] empty = new int[0];
        System.out.println(empty.length + " " + sum(empty));
        String[] none = new String[0];
        System.out.println(none.length);
        char[][] letters = {{'a', 'b'}, {'c'}};
        System.out.println(letters[0][1] + "" + letters[1][0]);
        int[] counts = new int[5];
        for (int i = 0; i < 50; i++) {
            counts[i * 7 % 5]++;
        }
        System.out.println(counts[0] + " " + counts[4]);
    }
}
