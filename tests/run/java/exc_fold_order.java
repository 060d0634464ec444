// Java twin of exc_fold_order.somd: one method instance over the whole array.
class Main {
    static int f(int[] a, int[] w, int k) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            int g = i;
            s += a[i] * w[g * k + 5000];
        }
        int d = 10 / k;
        return s / d;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 7;
        }
        System.out.println(f(a, a, 0));
    }
}
