// Classes: instance and static fields with initializers, constructors, overloading, this,
// null references.
class Main {
    static int created = 0;
    static final int LIMIT = 3;
    static long[] log = new long[4];

    public static void main(String[] args) {
        Counter a = new Counter();
        Counter b = new Counter(10);
        a.add(5);
        a.add(2L);
        b.add(1.9);
        b.add(a);
        System.out.println(a.value + " " + b.value + " " + a.steps + " " + b.steps);
        System.out.println(describe(1) + " " + describe(1L) + " " + describe(1.0) + " " + describe('c') + " " + describe((short) 1));
        System.out.println(Counter.total + " " + created + " " + LIMIT);
        Counter c = b;
        c.add(100);
        System.out.println(b.value);
        Point p = new Point(3, 4);
        Point q = p.moved(1, -1);
        System.out.println(p.x + "," + p.y + " " + q.x + "," + q.y + " " + p.dist2() + " " + q.dist2());
        Node list = null;
        for (int i = 0; i < 5; i++) {
            list = new Node(i, list);
        }
        int s = 0;
        Node n = list;
        while (n != null) {
            s = s * 10 + n.value;
            n = n.next;
        }
        System.out.println(s);
        System.out.println(list.next.next.value + " " + (list.next == null) + " " + (a == c) + " " + (b == c));
        log[created % 4] = 42;
        System.out.println(log[1] + log[0]);
        Point origin = new Point();
        System.out.println(origin.x + " " + origin.y + " " + origin.label);
    }

    static String describe(int x) {
        created++;
        return "int";
    }

    static String describe(long x) {
        return "long";
    }

    static String describe(double x) {
        return "double";
    }
}

class Counter {
    static int total = 0;
    long value = 1;
    int steps;

    Counter() {
        total++;
    }

    Counter(long start) {
        this.value = start;
        total += 10;
    }

    void add(int x) {
        value += x;
        steps++;
    }

    void add(long x) {
        value += 2 * x;
        steps++;
    }

    void add(double x) {
        value += (long) (x * 10);
        steps++;
    }

    void add(Counter other) {
        value += other.value;
        this.steps += other.steps;
    }
}

class Point {
    int x;
    int y = 7;
    int label = 99;

    Point() {
    }

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    Point moved(int dx, int dy) {
        return new Point(x + dx, this.y + dy);
    }

    int dist2() {
        return x * x + y * y;
    }
}

class Node {
    int value;
    Node next;

    Node(int value, Node next) {
        this.value = value;
        this.next = next;
    }
}
