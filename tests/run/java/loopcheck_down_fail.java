// Java twin of loopcheck_down_fail.somd: `@` as a loop over the mapped argument.
class Main {
    static int tail(int from, int[] v) {
        int s = 0;
        for (int j = from; j >= 0; j--) {
            s = s * 3 + v[j];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] v = new int[101];
        for (int j = 0; j < v.length; j++) {
            v[j] = j % 5;
        }
        int[] fine = new int[101];
        for (int i = 0; i < 101; i++) {
            fine[i] = tail(i, v);
        }
        System.out.println(fine[0] + " " + fine[100]);
        int[] starts = new int[64];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = 101 + (i % 3);
        }
        int[] past = new int[64];
        for (int i = 0; i < 64; i++) {
            past[i] = tail(starts[i], v);
        }
        System.out.println(past[0]);
    }
}
// throws-at: 7:25
