// Java twin of exc_mapfuse_reduce_producer.somd: `@` is a loop, `!` a loop, value arrays
// are arrays.
class Main {
    static int ratio(int v, int d) {
        return 1000 / d + v;
    }

    static int pick(int v, int[] table) {
        return table[v];
    }

    static int twice(int v) {
        return 2 * v;
    }

    static int run(int[] v0, int[] d0, int[] table) {
        int[] vs = v0.clone();
        int[] ds = d0.clone();
        int[] qs = new int[vs.length];
        for (int i = 0; i < qs.length; i++) qs[i] = ratio(vs[i], ds[i]);
        int[] picked = new int[qs.length];
        for (int i = 0; i < picked.length; i++) picked[i] = pick(qs[i], table);
        int total = 0;
        for (int i = 0; i < picked.length; i++) total += twice(picked[i]);
        int top = Integer.MIN_VALUE;
        for (int i = 0; i < picked.length; i++) top = Math.max(top, twice(picked[i]));
        return total + top;
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
        System.out.println("run " + run(v0, d0, table));
        v0[10] = 5000;
        d0[3000] = 0;
        System.out.println("again " + run(v0, d0, table));
    }
}
