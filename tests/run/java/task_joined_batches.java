// Java twin of task_joined_batches.somd: the graph is a loop that takes each item from the
// source until it throws Underflow and passes it through the filters to the sink.
class Main {
    static int next = 0;
    static long total = 0;
    static int count = 0;

    static int numbers() {
        if (next >= 20000) {
            throw new Underflow();
        }
        next++;
        return next * 7 - 1000;
    }

    static int cheap(int x) {
        return x * 3 + 1;
    }

    static long heavy(int x) {
        long h = x;
        for (int k = 0; k < 3000; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            h ^= h >>> 29;
        }
        return h;
    }

    static void collect(long x) {
        count++;
        total = total * 31 + x;
    }

    public static void main(String[] args) {
        try {
            while (true) collect(heavy(cheap(numbers())));
        } catch (Underflow end) {
        }
        System.out.println("items " + count + " fold " + total);
    }
}

class Underflow extends RuntimeException {
}
