// Java twin of exc_coarsen.somd: `@` is a loop building an array, `op !` a fold of its
// results; the `@` runs to its end (and fails) before the `!` starts.
class Main {
    static int pick(int x, int[] table) {
        return table[x];
    }

    static int ratio(int v) {
        return 100 / (v - 30);
    }

    public static void main(String[] args) {
        int n = 200003;
        int[] raw = new int[n];
        for (int i = 0; i < n; i++) {
            raw[i] = i % 3;
        }
        raw[n - 2] = 7;
        int[] keys = raw.clone();
        int[] table = new int[]{10, 20, 30, 40};
        int[] picked = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            picked[i] = pick(keys[i], table);
        }
        int total = 0;
        for (int i = 0; i < picked.length; i++) {
            total = total + ratio(picked[i]);
        }
        System.out.println("unreachable " + total);
    }
}
