// Java twin of exc_stand_in_loop.somd.
class Main {
    static long settle(int k, int[] t) {
        long x = t[k];
        while (x != 1) {
            x = x % 2 == 0 ? x / 2 : 3 * x + 1;
        }
        return x;
    }

    public static void main(String[] args) {
        int[] ks = new int[1000];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = i == 700 ? 9 : 1;
        }
        System.out.println(ks.length);
        int[] t = new int[]{0, 5};
        long[] r = new long[ks.length];
        for (int i = 0; i < ks.length; i++) {
            r[i] = settle(ks[i], t);
        }
        System.out.println(r[0]);
    }
}
