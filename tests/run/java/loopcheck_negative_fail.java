// Java twin of loopcheck_negative_fail.somd: one MI over the whole array.
class Main {
    static int[] shifted(int[] xs, int[] v) {
        int[] out = new int[xs.length];
        for (int k = 0; k < xs.length; k++) {
            int s = xs[k];
            for (int j = 0; j < v.length; j++) {
                s += v[j - 1] * j;
            }
            out[k] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] xs = new int[500];
        int[] v = new int[40];
        for (int j = 0; j < v.length; j++) {
            v[j] = j * 3 - 7;
        }
        int[] out = shifted(xs, v);
        System.out.println(out[0]);
    }
}
// throws-at: 10:22
