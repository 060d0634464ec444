// Java twin of exc_stop_afold_range.somd.
class Main {
    static int quot(int a, int b) {
        return a + 1000 / (b - 37);
    }

    static int total(int i, int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int acc = 0;
        for (int k = 1; k < n; k++) {
            acc = quot(acc, k);
        }
        return i + acc;
    }

    static int[] map(int n) {
        int[] r = new int[3000];
        for (int i = 0; i < 3000; i++) {
            r[i] = total(i, n);
        }
        return r;
    }

    public static void main(String[] args) {
        int[] r = map(37);
        System.out.println(r[0] + " " + r[2999]);
        r = map(2000000000);
        System.out.println(r[0]);
    }
}
