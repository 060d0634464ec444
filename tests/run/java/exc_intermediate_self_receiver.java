// An instance `reduce(self)` intermediate reduction (§2.3, §2.4) called on a receiver the
// call itself computes: the receiver is evaluated once per MI, the method runs on the MI's
// partition and is applied again, on that same receiver, to the MIs' results. `make()`
// writes a static (W0304: one MI on the CPU), `new Main(..)` does not; a `null` receiver
// raises Java's exception at the call.
class Main {
    long base;
    static int made = 0;

    Main(long base) {
        this.base = base;
    }

    static Main make() {
        made++;
        return new Main(made);
    }

    long peak(long[] v) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < v.length; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    static long[] shift(long[] v) {
        long top = make().peak(v);
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] - top;
        }
        return out;
    }

    static long[] fresh(long[] v) {
        long top = new Main(3).peak(v) + new Main(4).peak(v);
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] - top;
        }
        return out;
    }

    static Main nul() {
        return null;
    }

    static long[] npe(long[] v) {
        long top = nul().peak(v);
        long[] out = new long[v.length];
        return out;
    }

    public static void main(String[] args) {
        long[] v = new long[41];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 7919L) % 101;
        }
        long[] r = shift(v);
        System.out.println(r[0] + " " + r[40] + " " + made);
        r = fresh(v);
        System.out.println(r[0] + " " + r[40]);
        r = npe(v);
    }
}
// throws-at: 50:20
