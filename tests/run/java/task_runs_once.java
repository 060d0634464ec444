// Java twin of task_runs_once.somd: the graph as a loop over the source's items.
class Main {
    static int n = 0;

    static int numbers() {
        if (n >= 3) {
            throw new Underflow();
        }
        n++;
        return n;
    }

    static int inc(int x) {
        return x + 1;
    }

    static void show(int x) {
        System.out.println("got " + x);
    }

    public static void main(String[] args) {
        try {
            while (true) show(inc(numbers()));
        } catch (Underflow end) {
        }
        System.out.println("finished");
        System.out.println("finished again");
    }
}

class Underflow extends RuntimeException {
}
