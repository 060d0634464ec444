// Java twin of exc_fold_start.somd: one method instance over the whole array.
class Main {
    // An element of `w` starts the maximum.
    static int best(int[] a, int[] w, int k) {
        int m = w[k];
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    public static void main(String[] args) {
        int[] a = new int[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 37) % 1001 - 500;
        }
        System.out.println(best(a, a, 3));
        System.out.println(best(a, a, a.length));
    }
}
