// Java twin of loopcheck_lanes_fold_loop_stop.somd: the `@`s as loops over their
// elements, the `!` of a range as a loop over its indices.
class Main {
    static int one(int k) {
        return k + 1;
    }

    static int f(int e, int[] reps) {
        int q = 7 / e;
        int s = 0;
        for (int t = 0; t < reps[e]; t++) {
            int o = 0;
            for (int k = 0; k < 3; k++) {
                o += one(k);
            }
            s = s + o;
        }
        return s + q;
    }

    public static void main(String[] args) {
        int[] reps = new int[] {5, 2000000000, 2000000000, 3};
        int[] es = new int[] {0, 1, 2, 3};
        int[] r = new int[es.length];
        for (int i = 0; i < es.length; i++) {
            r[i] = f(es[i], reps);
        }
        System.out.println(r[0] + " " + r[3]);
    }
}
