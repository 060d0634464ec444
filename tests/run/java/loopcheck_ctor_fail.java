// Java twin of loopcheck_ctor_fail.somd: one MI over the whole arrays, the value class a final class.
final class P {
    int x;

    P(int[] r, int i, int k) {
        if (k == 0) {
            r[i] = r[i] + 2;
        }
        this.x = k;
    }
}

class Main {
    static int[] f(int[] a, int[] b) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 4;
            long s = 0;
            for (int k = 0; k < out[i]; k++) {
                P p = new P(out, i, k);
                s += b[k] + p.x;
            }
            out[i] = out[i] + (int) s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[] b = new int[5];
        int[] o = f(a, b);
        System.out.println(o[0] + " " + o[99]);
    }
}
