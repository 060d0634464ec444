// Java twin of device_step_local_bound.somd. A host step loop whose bound is a local of the body (`int rounds = k + 1;` before
// `for (int p = 0; p < rounds; p++)`), around a parallel loop reading the step index: the
// index is the launches' loop argument. The generated host code named a `p` it never
// declared, and the kernel declared `p` twice.
class Main {
    static int[] stepLocal(int[] a, int k) {
        int[] out = new int[a.length];
        int rounds = k + 1;
        for (int p = 0; p < rounds; p++) {
            for (int i = 0; i < a.length; i++) {
                out[i] += a[i] + p;
            }
        }
        return out;
    }

    static int[] stepFinal(int[] a, int k) {
        int[] out = new int[a.length];
        final int rounds = k;
        for (int p = 0; p < rounds; p++) {
            for (int i = 0; i < a.length; i++) {
                out[i] = out[i] * 3 + a[i] * p;
            }
        }
        return out;
    }

    static long stepSync(int[] a, int k) {
        int[] cur = new int[a.length];
        int rounds = k * 2;
        for (int p = 0; p < rounds; p++) {
            for (int i = 0; i < a.length; i++) {
                cur[i] = cur[i] + a[i] % 7 + p;
            }
        }
        long s = 0;
        for (int i = 1; i < a.length - 1; i++) {
            s += cur[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 13 % 101;
        }
        int[] r = stepLocal(a, 2);
        int[] f = stepFinal(a, 4);
        long h = 0;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + r[i] + 7L * f[i];
        }
        System.out.println(r[9] + " " + f[9] + " " + h);
        System.out.println(stepSync(a, 3));
    }
}
