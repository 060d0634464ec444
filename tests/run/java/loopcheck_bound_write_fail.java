// Java twin of loopcheck_bound_write_fail.somd: one MI over the whole arrays.
class Main {
    static int[] f(int[] a, int[] b) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 2;
            int s = 0;
            for (int k = 0; k < out[i]; k++) {
                s += b[k];
                if (k == 0) {
                    out[i] = out[i] + 3;
                }
            }
            out[i] = out[i] + s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[] b = new int[3];
        int[] o = f(a, b);
        System.out.println(o[0] + " " + o[99]);
    }
}
