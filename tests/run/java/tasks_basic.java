// Java twin of tasks_basic.somd: a task graph is a loop that takes each item from the
// source until it throws Underflow and passes it through the filters to the sink.
class Main {
    static int next = 0;
    static long total = 0;
    static int seen = 0;

    static int numbers() {
        if (next >= 25) {
            throw new Underflow();
        }
        next++;
        return next;
    }

    static long cube(int x) {
        return (long) x * x * x;
    }

    static long minusOne(long x) {
        return x - 1;
    }

    static void print(long x) {
        seen++;
        total = total * 3 + x;
        System.out.println("item " + seen + ": " + x);
    }

    static double halve(int x) {
        return x / 2.0;
    }

    static void show(double x) {
        System.out.print(x + " ");
    }

    public static void main(String[] args) {
        try {
            while (true) print(minusOne(cube(numbers())));
        } catch (Underflow end) {
        }
        System.out.println("total " + total + " seen " + seen);
        next = 20;
        try {
            while (true) show(halve(numbers()));
        } catch (Underflow end) {
        }
        System.out.println();
        next = 100;
        try {
            while (true) print(numbers());
        } catch (Underflow end) {
        }
        System.out.println("seen " + seen);
    }
}

class Underflow extends RuntimeException {
}
