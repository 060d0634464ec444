// Java twin of loopcheck_divisor_fail.somd: one MI over the whole arrays.
class Main {
    static int[] f(int[] at, int[] xs, int[] from) {
        int[] out = new int[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            int s = 0;
            for (int d = from[i]; d < 20; d++) {
                s += xs[i] % d;
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] xs = new int[200];
        int[] from = new int[200];
        int[] at = new int[200];
        for (int i = 0; i < 200; i++) {
            at[i] = i;
            xs[i] = i * 31;
            from[i] = i == 37 || i == 150 ? 0 : 1 + i % 3;
        }
        System.out.println(f(at, xs, from)[0]);
    }
}
