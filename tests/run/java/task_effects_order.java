// Java twin of task_effects_order.somd: each graph a loop from its source until Underflow,
// each item through every task before the next.
class Main {
    static int n = 0;
    static int limit = 0;
    static int made = 0;

    static int src() {
        if (n >= limit) {
            throw new Underflow();
        }
        n++;
        made++;
        return n;
    }

    static void sink(long x) {
        System.out.println("sink " + x + " made " + made);
    }

    static long square(long x) {
        return x * x;
    }

    static void quiet(long x) {
        System.out.println("quiet " + x);
    }

    static int next() {
        if (n >= limit) {
            throw new Underflow();
        }
        n++;
        return n;
    }

    public static void main(String[] args) {
        limit = 300;
        Acc acc = new Acc();
        try {
            while (true) {
                sink(square(acc.add(src())));
            }
        } catch (Underflow end) {
        }
        n = 0;
        limit = 200;
        try {
            while (true) {
                quiet(square(next()));
            }
        } catch (Underflow end) {
        }
    }
}

class Acc {
    long total;

    long add(int x) {
        total += x;
        System.out.println("add " + x + " total " + total);
        return total;
    }
}

class Underflow extends RuntimeException {
}
