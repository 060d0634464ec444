// Java twin of device_row_replaced.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[][] copyRows(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i];
        }
        return out;
    }

    static int[][] doubled(int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i];
            int[] orow = out[i];
            for (int j = 0; j < orow.length; j++) {
                orow[j] = orow[j] * 2 + j;
            }
        }
        return out;
    }

    static int[][] filled(int[][] a, int[] w) {
        for (int i = 0; i < a.length; i++) {
            a[i] = w;
        }
        return a;
    }

    static int[][] mixed(int[][] a, int[] w) {
        int first = 0;
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            if (first + i == 1) {
                out[i] = w;
            }
            int[] orow = out[i];
            for (int j = 0; j < orow.length; j++) {
                orow[j] = a[i][0] + j;
            }
        }
        return out;
    }

    static String show(int[][] m) {
        String s = "";
        for (int i = 0; i < m.length; i++) {
            s = s + "[";
            for (int j = 0; j < m[i].length; j++) {
                s = s + (j > 0 ? " " : "") + m[i][j];
            }
            s = s + "]";
        }
        return s;
    }

    static int[][] fresh(int rows, int cols) {
        int[][] a = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                a[i][j] = 10 * i + j + 1;
            }
        }
        return a;
    }

    public static void main(String[] args) {
        System.out.println(show(copyRows(fresh(4, 3))));
        System.out.println(show(doubled(fresh(4, 3))));
        System.out.println(show(filled(fresh(4, 3), new int[] {7, 8})));
        System.out.println(show(mixed(fresh(4, 3), new int[] {5, 6, 7, 8, 9})));
    }
}
