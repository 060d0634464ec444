// Java twin of exc_mapfuse_producer.somd: `@` is a loop, value arrays are arrays.
class Main {
    static int ratio(int v, int d) {
        return 1000 / d + v;
    }

    static int pick(int v, int[] table) {
        return table[v];
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] v0 = new int[n];
        int[] d0 = new int[n];
        int[] t0 = new int[2000];
        for (int i = 0; i < n; i++) {
            v0[i] = i % 997;
            d0[i] = i % 7 + 1;
        }
        for (int i = 0; i < t0.length; i++) {
            t0[i] = i * 3 + 1;
        }
        int[] table = t0.clone();
        int[] ks = new int[n];
        for (int i = 0; i < n; i++) ks[i] = ratio(v0[i], 5);
        int[] picked = new int[n];
        for (int i = 0; i < n; i++) picked[i] = pick(ks[i], table);
        System.out.println("picked " + picked[0] + " " + picked[n - 1]);
        v0[10] = 5000;
        d0[3000] = 0;
        int[] vs = v0.clone();
        int[] ds = d0.clone();
        int[] qs = new int[n];
        for (int i = 0; i < n; i++) qs[i] = ratio(vs[i], ds[i]);
        int[] again = new int[n];
        for (int i = 0; i < n; i++) again[i] = pick(qs[i], table);
        System.out.println("again " + again[0]);
    }
}
