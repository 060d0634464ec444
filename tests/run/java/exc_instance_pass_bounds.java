// Java twin of exc_instance_pass_bounds.somd: one method instance over the whole arrays
// (`Somd.offset(a)` is 0).
class Main {
    long[] w;

    Main(int n) {
        this.w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = i * 3 - 7;
        }
    }

    static long at(long[] x, int k) {
        return x[k] * 2;
    }

    static void put(long[] x, int k, long d) {
        x[k] = x[k] + d;
    }

    void add(int[] a) {
        for (int i = 0; i < a.length; i++) {
            put(w, i, a[i]);
        }
    }

    long[] shifted(int[] a, int by) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = at(w, i + by) + a[i];
        }
        return out;
    }

    public static void main(String[] args) {
        Main m = new Main(5000);
        int[] a = new int[4000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 11;
        }
        m.add(a);
        long[] o = m.shifted(a, 1000);
        System.out.println(o[0] + " " + o[3999] + " " + m.w[3999] + " " + m.w[4999]);
        int[] b = new int[4001];
        o = m.shifted(b, 1000);
        System.out.println(o[0]);
    }
}
