// A `dist` array of objects of a mutable class (§2.2): each MI gets its partition of the
// references; the objects are the caller's own (Java passes references), so a body writing
// their fields changes the caller's objects, and runs as one MI (W0304).
class P {
    int x;

    P(int x) {
        this.x = x;
    }
}

class Main {
    static long sum(P[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].x;
        }
        return s;
    }

    static P[] doubled(P[] ps) {
        P[] out = new P[ps.length];
        for (int i = 0; i < ps.length; i++) {
            out[i] = new P(ps[i].x * 2);
        }
        return out;
    }

    static int bump(P[] ps) {
        for (int i = 0; i < ps.length; i++) {
            ps[i].x += 1;
        }
        return ps.length;
    }

    public static void main(String[] args) {
        P[] ps = new P[300];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = new P(i);
        }
        System.out.println(sum(ps));
        P[] d = doubled(ps);
        System.out.println(d.length + " " + d[0].x + " " + d[299].x + " " + (d[5] == ps[5]));
        System.out.println(bump(ps) + " " + ps[0].x + " " + ps[299].x + " " + sum(ps));
    }
}
