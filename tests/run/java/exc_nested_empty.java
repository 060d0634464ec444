// Java twin of exc_nested_empty.somd: the inner `@` is a loop, `C.m !` a fold from the
// first element that rejects an empty array.
class Main {
    static int larger(int a, int b) {
        return Math.max(a, b);
    }

    static int twice(int x) {
        return x * 2;
    }

    static int largest(int[] row, int bias) {
        int[] doubled = new int[row.length];
        for (int i = 0; i < row.length; i++) doubled[i] = twice(row[i]);
        int shifted = bias * 3;
        if (doubled.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int r = doubled[0];
        for (int i = 1; i < doubled.length; i++) r = larger(r, doubled[i]);
        return r + shifted;
    }

    public static void main(String[] args) {
        int[][] rows = {{3, 9, 4}, {7, 1, 2}};
        int[] r = new int[rows.length];
        for (int i = 0; i < rows.length; i++) r[i] = largest(rows[i], 1);
        System.out.println(r[0] + " " + r[1]);
        int[][] empty = new int[2][0];
        int[] s = new int[empty.length];
        for (int i = 0; i < empty.length; i++) s[i] = largest(empty[i], 1);
        System.out.println(s[0]);
    }
}
