// Java twin of pipeline.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Task graphs in the style of the Lime paper (003) section 3.1: a stateful source that
// ends with `Underflow`, isolated and stateful filters, and sinks, connected with `=>`.
// Items stay in order along every edge, so the output is deterministic.
//
// Graph 1 (run with `finish`): numbers 1..N => square => running total => print.
// Graph 2 (run with `start`, then `finish`): chunks of numbers as value arrays => chunk sum
// with `+ !` => collect into a static total.
//
// Usage: pipeline [N]   (default N = 20)

class Pipeline {

    static long chunkTotal = 0;
    static int chunksSeen = 0;

    // Source state: the next number to emit and the last one.
    int nextValue;
    int last;

    Pipeline(int first, int last) {
        this.nextValue = first;
        this.last = last;
    }

    int numbers() {
        if (nextValue > last) {
            throw new Underflow();
        }
        int v = nextValue;
        nextValue++;
        return v;
    }

    // A source of value arrays: consecutive chunks of four numbers.
    int[] chunks() {
        if (nextValue > last) {
            throw new Underflow();
        }
        int[] chunk = new int[4];
        for (int i = 0; i < 4; i++) {
            chunk[i] = nextValue;
            nextValue++;
        }
        return chunk;
    }

    static long square(int x) {
        return (long) x * x;
    }

    static long chunkSum(int[] chunk) {
        long s = 0;
        for (int i = 0; i < chunk.length; i++) {
            s += chunk[i];
        }
        return s;
    }

    static void print(long value) {
        System.out.println("  " + value);
    }

    static void collect(long sum) {
        chunkTotal += sum;
        chunksSeen++;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20;

        System.out.println("running sums of squares 1.." + n + ":");
        Pipeline source = new Pipeline(1, n);
        Accumulator accumulator = new Accumulator();
        try {
            while (true) {
                print(accumulator.add(square(source.numbers())));
            }
        } catch (Underflow end) {
        }

        Pipeline chunkSource = new Pipeline(1, 4 * n);
        try {
            while (true) {
                collect(chunkSum(chunkSource.chunks()));
            }
        } catch (Underflow end) {
        }
        System.out.println("chunks " + chunksSeen + " total " + chunkTotal);
    }
}

// A stateful filter: emits the running total of its inputs.
class Accumulator {
    long total;

    Accumulator() {
        total = 0;
    }

    long add(long x) {
        total += x;
        return total;
    }
}

class Underflow extends RuntimeException {
}
