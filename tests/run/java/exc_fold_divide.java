// Java twin of exc_fold_divide.somd: one method instance over the whole array.
class Main {
    static int share(int[] a, int d) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s / d;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = 7 * (i % 5);
        }
        System.out.println(share(a, 7));
        System.out.println(share(a, 0));
    }
}
