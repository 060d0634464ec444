// Java twin of exc_first_of_many_map.somd: `@` is a loop, value arrays are arrays.
class Main {
    static int f(int x, int[] table) {
        return 1000 / table[x % 4096];
    }

    static int[] map(int[] xs, int[] table) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = f(xs[i], table);
        return r;
    }

    public static void main(String[] args) {
        int n = 200000;
        int[] t = new int[4000];
        for (int k = 0; k < t.length; k++) t[k] = k < 3000 ? k + 1 : 0;
        int[] table = t.clone();
        int[] xs = new int[n];
        for (int i = 0; i < n; i++) xs[i] = i % 3000;
        int[] r = map(xs.clone(), table);
        System.out.println(r[5] + " " + r[n - 1]);
        for (int i = 70002; i < n; i++) xs[i] = 3000 + i % 1000;
        xs[70001] = 4050;
        r = map(xs.clone(), table);
        System.out.println(r[0]);
    }
}
