// Java twin of exc_lazy_bounds.somd: `@` is a loop.
class Main {
    static int mix(int x) {
        return x * 31 + 7;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] base = new int[n];
        for (int i = 0; i < n; i++) {
            base[i] = i % 1000;
        }
        int[] ys = new int[n];
        for (int i = 0; i < n; i++) ys[i] = mix(base[i]);
        System.out.println(ys[3] + " " + ys[n - 1]);
        System.out.println(ys[n + 2]);
    }
}
