// Java twin of exc_data_loop_map.somd.
class Main {
    static long settle(int k, int[] t) {
        long w = 0;
        int work = k == 9 ? 40000000 : 20000;
        for (int j = 0; j < work; j++) {
            w += j ^ (w >>> 3);
        }
        long x = t[w == 12345 ? 1 : k];
        while (x != 1) {
            x = x % 2 == 0 ? x / 2 : 3 * x + 1;
        }
        return x;
    }

    public static void main(String[] args) {
        int[] ks = new int[1000];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = i == 500 ? 9 : i == ks.length - 1 ? 0 : 1 + i % 2;
        }
        int[] t = new int[]{0, 1, 5};
        long[] r = new long[ks.length];
        for (int i = 0; i < ks.length; i++) {
            r[i] = settle(ks[i], t);
        }
        System.out.println(r[0]);
    }
}
