// Java twin of tasks_stateful.somd: each stateful task is one instance; the graph is a loop
// from the source (until Underflow) through the filters to the sink.
class Main {
    static long checksum = 0;
    static int batches = 0;

    public static void main(String[] args) {
        Counter c1 = new Counter(1, 12);
        Window w = new Window(3);
        try {
            while (true) consume(w.push(c1.next()));
        } catch (Underflow end) {
        }
        System.out.println("batches " + batches + " checksum " + checksum);
        Counter c2 = new Counter(5, 9);
        Running r2 = new Running();
        try {
            while (true) report(r2.add(c2.next()));
        } catch (Underflow end) {
        }
        Counter c3 = new Counter(1, 3);
        Running r3 = new Running();
        Running r4 = new Running();
        try {
            while (true) report(r4.add(r3.add(c3.next())));
        } catch (Underflow end) {
        }
    }

    static void consume(int[] window) {
        batches++;
        long s = 0;
        for (int i = 0; i < window.length; i++) s = s * 100 + window[i];
        checksum = checksum * 7 + s;
        System.out.println("window " + s + " len " + window.length);
    }

    static void report(long v) {
        System.out.println("running " + v);
    }
}

class Counter {
    int current;
    int last;

    Counter(int first, int last) {
        this.current = first;
        this.last = last;
    }

    int next() {
        if (current > last) {
            throw new Underflow();
        }
        int v = current;
        current++;
        return v;
    }
}

class Window {
    int[] items;
    int count;

    Window(int size) {
        items = new int[size];
        count = 0;
    }

    int[] push(int x) {
        for (int i = 0; i + 1 < items.length; i++) items[i] = items[i + 1];
        items[items.length - 1] = x;
        count++;
        if (count < items.length) {
            return new int[0];
        }
        return items.clone();
    }
}

class Running {
    long total;

    long add(long x) {
        total += x;
        return total;
    }
}

class Underflow extends RuntimeException {
}
