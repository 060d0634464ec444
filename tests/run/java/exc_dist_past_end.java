// Java twin of exc_dist_past_end.somd: one method instance over the whole array.
class Main {
    static long pairs(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            if (i == a.length - 1) {
                s += a[i + 1];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        long[] a = new long[40];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(pairs(a));
    }
}
