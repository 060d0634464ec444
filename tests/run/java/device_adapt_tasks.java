// Java twin of device_adapt_tasks.somd: a task graph is a loop that takes each item from
// the source until it throws Underflow and passes it through the filters to the sink.
class Span {
    final int lo;
    final int hi;

    Span(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static int next = 0;
    static int round = 0;
    static long total = 0;
    static int count = 0;

    static int numbers() {
        if (next >= 200) {
            throw new Underflow();
        }
        next++;
        return next * 7 - 500 + round;
    }

    static Span spread(int x) {
        return new Span(x - 3, x * 2 + 1);
    }

    static long width(Span s) {
        return (long) (s.hi - s.lo) * s.hi;
    }

    static void collect(long x) {
        count++;
        total = total * 31 + x;
    }

    public static void main(String[] args) {
        for (round = 0; round < 12; round++) {
            next = 0;
            count = 0;
            total = 0;
            try {
                while (true) collect(width(spread(numbers())));
            } catch (Underflow end) {
            }
            System.out.println("round " + round + " items " + count + " fold " + total);
        }
    }
}

class Underflow extends RuntimeException {
}
