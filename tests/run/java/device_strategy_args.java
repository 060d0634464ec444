// The sequential meaning of `device_strategy_args`: one MI, whose partition its strategy's
// `bounds(length, 1, ..)` gives.
// User strategies whose arguments are arrays (a parameter, a value array, an array the
// strategy expression makes) build and run on every placement, a device's one partition
// calling `bounds` before it runs; arguments of one strategy expression that differ in
// length run the body once, after the `bounds` call one MI makes.
class W {
    static int[] bounds(int length, int parts, int[] w) {
        System.out.println("W " + length + " " + w.length);
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        return b;
    }
}

class V {
    static int[] bounds(int length, int parts, int[] v) {
        System.out.println("V " + length + " " + v.length);
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        return b;
    }
}

class Loud {
    static int[] bounds(int length, int parts) {
        System.out.println("Loud " + length);
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        return b;
    }
}

class Main {
    static long byArray(int[] a, int[] w) {
        W.bounds(a.length, 1, w);
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * w.length;
        }
        return s;
    }

    static long byValues(int[] a, int[] v) {
        V.bounds(a.length, 1, v);
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * v.length;
        }
        return s;
    }

    static long byNew(int[] a, int k) {
        W.bounds(a.length, 1, new int[k]);
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] + k;
        }
        return s;
    }

    static long dot(int[] a, int[] b) {
        Loud.bounds(a.length, 1);
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(byArray(a, new int[3]));
        System.out.println(byValues(a, new int[] {4, 5}));
        System.out.println(byNew(a, 9));
        int[] b = new int[120];
        for (int i = 0; i < b.length; i++) {
            b[i] = 2 * i;
        }
        System.out.println(dot(a, a));
        System.out.println(dot(a, b));
    }
}
