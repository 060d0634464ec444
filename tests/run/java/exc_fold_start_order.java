// Java twin of exc_fold_start_order.somd: one method instance over the whole arrays.
class Main {
    static long order(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int g = i;
            s = Math.max(s, b[g] / (a[i] - a[i]));
        }
        long m = a[a.length];
        return s + m;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 7;
        }
        System.out.println(order(a, a));
    }
}
