// Java twin of intermediate_instance_self.somd: the intermediate reduction is a plain call.
class Main {
    long base;

    Main(long base) {
        this.base = base;
    }

    long peak(long[] v) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < v.length; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    long[] shift(long[] v) {
        long top = peak(v);
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] - top + base;
        }
        return out;
    }

    public static void main(String[] args) {
        long[] v = new long[41];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 7919L) % 101;
        }
        Main m = new Main(1000);
        long[] r = m.shift(v);
        long h = 0;
        for (int i = 0; i < r.length; i++) {
            h = h * 31 + r[i];
        }
        System.out.println(r[0] + " " + r[40] + " " + h);
        System.out.println(m.peak(v));
    }
}
