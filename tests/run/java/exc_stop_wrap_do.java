// Java twin of exc_stop_wrap_do.somd.
class Main {
    static int spin(int[] t, int i, int n) {
        int s = t[i - 1];
        int j = 0;
        do {
            s = s * 31 + (j & 7);
        } while (++j <= n);
        return s;
    }

    static int[] map(int[] t, int[] is, int n) {
        int[] r = new int[is.length];
        for (int k = 0; k < is.length; k++) {
            r[k] = spin(t, is[k], n);
        }
        return r;
    }

    public static void main(String[] args) {
        int[] t = new int[]{4, 5, 6, 7};
        int[] r = map(t, new int[]{1, 2, 3, 4}, 1000);
        System.out.println(r[0] + " " + r[3]);
        int[] range = new int[4000];
        for (int k = 0; k < range.length; k++) range[k] = k;
        r = map(t, range, 2147483647);
        System.out.println(r[0]);
    }
}
