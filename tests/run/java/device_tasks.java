// Java twin of device_tasks.somd: a task graph is a loop that takes each item from the
// source until it throws Underflow and passes it through the filters to the sink.
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
    static long total = 0;
    static int count = 0;

    static int numbers() {
        if (next >= 300) {
            throw new Underflow();
        }
        next++;
        return next * 7 - 1000;
    }

    static Span spread(int x) {
        return new Span(x - 3, x * 2 + 1);
    }

    static long width(Span s) {
        return (long) (s.hi - s.lo) * s.hi;
    }

    static long mix(long w) {
        return w ^ (w >>> 3);
    }

    static void collect(long x) {
        count++;
        total = total * 31 + x;
    }

    static int twice(int x) {
        return x * 2;
    }

    static long plusOne(long x) {
        return x + 1;
    }

    public static void main(String[] args) {
        try {
            while (true) collect(mix(width(spread(numbers()))));
        } catch (Underflow end) {
        }
        System.out.println("items " + count + " fold " + total);
        next = 0;
        count = 0;
        total = 0;
        try {
            while (true) collect(plusOne(twice(numbers())));
        } catch (Underflow end) {
        }
        System.out.println("items " + count + " fold " + total);
    }
}

class Underflow extends RuntimeException {
}
