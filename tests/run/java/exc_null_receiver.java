// Java twin of exc_null_receiver.somd.
class P {
    final double x;

    P(double x) {
        this.x = x;
    }

    double one() {
        return 1.0;
    }
}

class Main {
    static P pick(int k) {
        return k > 2 ? new P(k) : null;
    }

    public static void main(String[] args) {
        System.out.println(pick(3).one());
        P p = pick(1);
        System.out.println("before");
        System.out.println(p.one());
        System.out.println("after");
    }
}
