// Java twin of exc_data_loop_balanced.somd.
class Main {
    static long settle(int[] ks, int[] t) {
        long s = 0;
        for (int i = 0; i < ks.length; i++) {
            s += t[ks[i] % 4];
        }
        for (int i = 0; i < ks.length; i++) {
            long x = ks[i] / 4;
            while (x != 1) {
                x = x % 2 == 0 ? x / 2 : 3 * x + 1;
            }
            s += x;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] ks = new int[1000];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = 4 * (i % 7 + 1) + (i == 990 ? 3 : i % 2);
        }
        for (int i = 0; i <= 160; i += 8) {
            ks[i] = 0;
        }
        int[] t = new int[]{3, 5, 7};
        System.out.println(settle(ks, t));
    }
}
