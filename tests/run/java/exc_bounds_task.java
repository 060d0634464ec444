// Java twin of exc_bounds_task.somd: the task graph is a loop from the source (until
// Underflow) through the filter to the sink.
// An out-of-bounds access in a stateful filter task ends the graph and the program.
class Main {
    static long total = 0;

    public static void main(String[] args) {
        System.out.println("graph");
        Source source = new Source(6);
        Lookup lookup = new Lookup(5);
        try {
            while (true) add(lookup.at(source.next()));
        } catch (Underflow end) {
        }
        System.out.println("total " + total);
    }

    static void add(long x) {
        total += x;
    }
}

class Source {
    int current;
    int last;

    Source(int last) {
        this.last = last;
    }

    int next() {
        if (current > last) {
            throw new Underflow();
        }
        current++;
        return current - 1;
    }
}

class Lookup {
    long[] table;

    Lookup(int size) {
        table = new long[size];
        for (int i = 0; i < size; i++) table[i] = i * 100L;
    }

    long at(int index) {
        return table[index];
    }
}

class Underflow extends RuntimeException {
}
