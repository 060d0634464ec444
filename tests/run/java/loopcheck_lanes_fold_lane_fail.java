// Java twin of loopcheck_lanes_fold_lane_fail.somd: the `@`s as loops over their
// elements, each `!` of a range as a loop over its indices.
class Main {
    static int inner(int k, int e) {
        int[] t = new int[4];
        return t[k == 5 && e == 1 ? 9 : k & 3] + k * 3;
    }

    static int one(int k) {
        return k + 1;
    }

    static int f(int e, int n, int m) {
        int a = 0;
        for (int k = 0; k < n; k++) {
            a += inner(k, e);
        }
        int c = 0;
        for (int x = 0; x < m; x++) {
            for (int y = 0; y < m; y++) {
                c = c * 31 + (x ^ y);
            }
        }
        int s = 0;
        for (int t = 0; t < (c & 7); t++) {
            int o = 0;
            for (int k = 0; k < 3; k++) {
                o += one(k);
            }
            s = s + o;
        }
        return s + a;
    }

    public static void main(String[] args) {
        int n = 64;
        int m = 300000;
        int[] es = new int[] {1, 0, 2, 3, 4, 5, 6, 7};
        int[] r = new int[es.length];
        for (int i = 0; i < es.length; i++) {
            r[i] = f(es[i], n, m);
        }
        System.out.println(r[0] + " " + r[7]);
    }
}
