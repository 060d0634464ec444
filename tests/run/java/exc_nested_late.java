// Java twin of exc_nested_late.somd: the inner `@` and `+ !` are one loop.
class Main {
    static int at(int[] row, int k) {
        return k == 2990 ? row[k] : k % 10;
    }

    static int total(int n, int[] row) {
        int s = 0;
        for (int k = 0; k < n; k++) s += at(row, k);
        return s;
    }

    public static void main(String[] args) {
        int[] row = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        int[] okIn = {100, 2990};
        int[] ok = new int[2];
        for (int i = 0; i < 2; i++) ok[i] = total(okIn[i], row);
        System.out.println(ok[0] + " " + ok[1]);
        int[] badIn = {100, 3000};
        int[] r = new int[2];
        for (int i = 0; i < 2; i++) r[i] = total(badIn[i], row);
        System.out.println(r[0]);
    }
}
