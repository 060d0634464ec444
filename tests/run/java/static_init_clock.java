// A static initializer that reads the clock runs at its class's first use, as in Java: its
// value is that moment's, not the program start's.
class Main {
    public static void main(String[] args) {
        long start = System.currentTimeMillis();
        long spins = 0;
        while (System.currentTimeMillis() - start < 60) {
            spins++;
        }
        System.out.println(Stamp.millis - start >= 60);
        long now = System.nanoTime();
        System.out.println(Tick.nanos >= now);
        System.out.println(spins > 0);
    }
}

class Stamp {
    static long millis = System.currentTimeMillis();
}

class Tick {
    static long nanos = System.nanoTime();
}
