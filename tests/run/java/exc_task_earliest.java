// Java twin of exc_task_earliest.somd: the task graph as a loop over the source's items.
class Main {
    static int next = 0;
    static int[] seen = new int[29];

    static int numbers() {
        if (next >= 40) {
            throw new Underflow();
        }
        seen[next] = next;
        next++;
        return next * 3 % 50;
    }

    static int shift(int x) {
        return x - 25;
    }

    static int invert(int x) {
        return 1000 / x;
    }

    static void collect(int x) {
        System.out.println("got " + x);
    }

    public static void main(String[] args) {
        try {
            while (true) collect(invert(shift(numbers())));
        } catch (Underflow end) {
        }
        System.out.println("done");
    }
}

class Underflow extends RuntimeException {
}
