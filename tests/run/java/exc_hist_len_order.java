class LSum {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Bins {
    int d;

    Bins(int d) {
        this.d = d;
    }

    long[] count(int[] xs, int[] cx) {
        int q = 10 / d;
        long[] acc = new long[2 * cx.length];
        for (int i = 0; i < xs.length; i++) {
            acc[(xs[i] & 0x7fffffff) % acc.length] += q;
        }
        return acc;
    }
}

class Main {
    public static void main(String[] args) {
        int[] xs = new int[5000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 7919;
        }
        long[] t = new Bins(2).count(xs, new int[3]);
        System.out.println(t.length + " " + t[0] + " " + t[5]);
        int[] none = null;
        long[] bad = new Bins(0).count(xs, none);
        System.out.println("unreached " + bad.length);
    }
}
