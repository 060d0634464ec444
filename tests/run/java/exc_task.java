// Java twin of exc_task.somd: the task graph is a loop from the source (until Underflow)
// through the filter to the sink.
class Main {
    static int next = 0;
    static long total = 0;

    static int numbers() {
        if (next >= 10) {
            throw new Underflow();
        }
        next++;
        return 5 - next;
    }

    static int invert(int x) {
        return 60 / x;
    }

    static void collect(int x) {
        total += x;
    }

    public static void main(String[] args) {
        System.out.println("starting");
        try {
            while (true) collect(invert(numbers()));
        } catch (Underflow end) {
        }
        System.out.println("total " + total);
    }
}

class Underflow extends RuntimeException {
}
