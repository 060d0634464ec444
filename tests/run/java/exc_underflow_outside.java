// Java twin of exc_underflow_outside.somd: the graph written as the loop it runs.
class Underflow extends RuntimeException {
}

class Main {
    static int n = 0;

    static void check() {
        if (n >= 3) {
            throw new Underflow();
        }
    }

    static int src() {
        check();
        n++;
        return n;
    }

    static void sink(int v) {
        System.out.println("v " + v);
    }

    public static void main(String[] args) {
        try {
            while (true) {
                sink(src());
            }
        } catch (Underflow end) {
            // The source's stream ended.
        }
        System.out.println("between");
        check();
        System.out.println("not reached");
    }
}
