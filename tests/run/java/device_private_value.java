// Twin of device_private_value.somd: value arrays are plain arrays, `@` and the task graph
// loops, `+ !` a loop.
class Main {
    static int weigh(int x) {
        int[] t = new int[]{5, 6, 7};
        return t[x % 3] * x + t.length + total(t, x);
    }

    static int total(int[] v, int x) {
        int s = 0;
        for (int k = 0; k < v.length; k++) {
            s += v[k] * (k + x % 5);
        }
        return s;
    }

    static float dot3(float[] a, int k) {
        return a[k] * a[(k + 1) % a.length];
    }

    static double mix(int x) {
        double[] w = new double[]{1, 2.5f, x, 0.1};
        float[] f = new float[]{x * 0.5f, 1, -2};
        double s = 0;
        for (int k = 0; k < w.length; k++) {
            s += w[k];
        }
        return w[x & 3] * f[x % 3] + s + dot3(f, x % 3);
    }

    static int flags(int x) {
        boolean[] b = new boolean[]{true, x > 40, false, x % 7 == 0};
        char[] c = new char[]{'a', (char) 65535, 'z'};
        int n = 0;
        for (int k = 0; k < b.length; k++) {
            if (b[(x + k) % b.length]) {
                n += c[k % c.length];
            }
        }
        return n;
    }

    static long table(int[] a) {
        long[] w = new long[]{2, 7, 1, 8, 2, 8};
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += w[(a[i] & 0x7fffffff) % w.length] * a[i];
        }
        return s;
    }

    static int pick(int x) {
        short[] t = new short[]{10, 20, 30};
        return t[x - 9000];
    }

    static int weighItem(int x) {
        return weigh(x) - 1;
    }

    static int next = 0;

    static int src() {
        if (next >= 500) {
            throw new Underflow();
        }
        next++;
        return next;
    }

    static long sum = 0;

    static void sink(int v) {
        sum = sum * 31 + v;
    }

    public static void main(String[] args) {
        int n = 20000;
        int[] ws = new int[n];
        double[] ms = new double[n];
        int[] fs = new int[n];
        for (int i = 0; i < n; i++) {
            ws[i] = weigh(i);
            ms[i] = mix(i);
            fs[i] = flags(i);
        }
        long check = 0;
        double dsum = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + ws[i] * 7 + fs[i];
            dsum += ms[i];
        }
        System.out.println(check + " " + dsum + " " + ms[3] + " " + ms[n - 1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 2654435 - 77;
        }
        System.out.println(table(a));
        try {
            while (true) {
                sink(weighItem(src()));
            }
        } catch (Underflow e) {
        }
        System.out.println(sum);
        int[] picks = new int[9003];
        for (int i = 0; i < 9003; i++) {
            picks[i] = pick(i);
        }
        System.out.println(picks.length);
    }
}

class Underflow extends RuntimeException {
}
