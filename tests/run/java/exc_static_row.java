// Java twin of exc_static_row.somd.
class Main {
    static final int[][] W = new int[][]{{1, 2}, {3, 4}, {5, 6}};

    static int first(int[] row, int x) {
        return row[0] * x + row[1];
    }

    static int[] apply(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = first(W[a[i] % 4], a[i]);
        }
        return r;
    }

    public static void main(String[] args) {
        int[] a = new int[4000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i == 3001 ? 7 : i % 3;
        }
        System.out.println(a.length);
        int[] r = apply(a);
        System.out.println(r[5]);
    }
}
