// Java twin of device_mapfuse_narrow.somd: `@` is a loop, `Somd.range(n)` is 0..n-1.
class Main {
    static int h(int x, int[] t) {
        return x + t[x & 7];
    }

    static int at(int[] t, int i) {
        return t[i & 7];
    }

    static int f(int x, int[] t) {
        return 3 * x + at(t, x);
    }

    static int g(int x, int[] t) {
        return at(t, x + 1) - x;
    }

    public static void main(String[] args) {
        int[] t = {1, 4, 7, 10, 13, 16, 19, 22};
        int[] u = {200, 3, 150, 9, 0, 77, 255, 31};
        int[] r1 = new int[100];
        for (int i = 0; i < 100; i++) r1[i] = h(i, t);
        int[] r2 = new int[100];
        for (int i = 0; i < 100; i++) r2[i] = h(r1[i], t);
        System.out.println(r2[9] + " " + r2[0] + " " + r2[99]);
        int[] s1 = new int[64];
        for (int i = 0; i < 64; i++) s1[i] = f(i, u);
        int[] s2 = new int[64];
        for (int i = 0; i < 64; i++) s2[i] = g(s1[i], t);
        System.out.println(s2[5] + " " + s2[0] + " " + s2[63]);
        int[] w1 = new int[50];
        for (int i = 0; i < 50; i++) w1[i] = h(i, u);
        int[] w2 = new int[50];
        for (int i = 0; i < 50; i++) w2[i] = h(w1[i], t);
        System.out.println(w2[7] + " " + w2[49]);
    }
}
