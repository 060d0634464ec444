// Java twin of device_mapfuse_throws.somd: each `@` is a loop over the elements, value
// arrays are arrays.
class Main {
    static int scaled(int v, int k) {
        return v * k;
    }

    static int pick(int v, int[] table) {
        int shift = v % 3;
        return table[v] + shift;
    }

    public static void main(String[] args) {
        int n = 4000;
        int[] v0 = new int[n];
        int[] t0 = new int[200];
        for (int i = 0; i < n; i++) {
            v0[i] = i % 67;
        }
        for (int i = 0; i < t0.length; i++) {
            t0[i] = i * 5 - 17;
        }
        v0[2500] = 70;
        int[] vs = v0.clone();
        int[] table = t0.clone();
        int[] ks = new int[vs.length];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = scaled(vs[i], 3);
        }
        int[] picked = new int[ks.length];
        for (int i = 0; i < picked.length; i++) {
            picked[i] = pick(ks[i], table);
        }
        System.out.println("picked " + picked[0] + " " + picked[n - 1]);
    }
}
