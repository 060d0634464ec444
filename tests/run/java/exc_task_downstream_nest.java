// Java twin of exc_task_downstream_nest.somd: the task graph as a loop over the source's items.
class Main {
    static int cnt = 0;

    static int src() {
        if (cnt == 10) {
            throw new Underflow();
        }
        cnt++;
        return cnt;
    }

    static int filt(int x) {
        return x + 10 / (x - 3);
    }

    static void sink(int x) {
        long s = x;
        for (int r = 0; r < 2000 + x; r++) {
            for (int c = 0; c < 2000; c++) {
                s = s * 31 + (r ^ c);
            }
        }
        System.out.println("sink " + x + " " + s);
    }

    public static void main(String[] args) {
        try {
            while (true) sink(filt(src()));
        } catch (Underflow end) {
        }
        System.out.println("after");
    }
}

class Underflow extends RuntimeException {
}
