// Java twin of exc_task_runahead.somd: the graph a loop from its source until Underflow.
class Main {
    static int cnt = 0;
    static long spin = 0;

    static int src() {
        if (cnt == 2) {
            while (spin >= 0) {
                spin++;
            }
        }
        cnt++;
        return cnt;
    }

    static int filt(int x) {
        return 10 / (x - 1);
    }

    static void sink(int x) {
        System.out.println("sink " + x);
    }

    public static void main(String[] args) {
        System.out.println("before");
        try {
            while (true) {
                sink(filt(src()));
            }
        } catch (Underflow end) {
        }
        System.out.println("after");
    }
}

class Underflow extends RuntimeException {
}
