// Java twin of exc_task_chain.somd: the task graph as a loop over the source's items.
class Main {
    static int next = 0;
    static long total = 0;

    static int numbers() {
        if (next >= 40) {
            throw new Underflow();
        }
        next++;
        return next;
    }

    static int shift(int x) {
        return x - 25;
    }

    static int invert(int x) {
        return 1000 / x;
    }

    static void collect(int x) {
        total += x;
        System.out.println("got " + x);
    }

    public static void main(String[] args) {
        System.out.println("starting");
        try {
            while (true) collect(invert(shift(numbers())));
        } catch (Underflow end) {
        }
        System.out.println("total " + total);
    }
}

class Underflow extends RuntimeException {
}
