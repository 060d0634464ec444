// The sequential meaning of `task_shared_objects`: each graph a loop taking each item
// through every task in turn.
// Tasks of one graph that share an object or an array (passed to their constructors, held
// by a static final field and by a task's field, published by a constructor) see each
// other's writes in Java's order.
import java.util.Random;

class Main {
    static int n = 0;
    static int lim = 0;
    static long acc = 0;
    static final Box G = new Box();
    static final int[] SHARED = new int[1];
    static int[] leak;

    static int src() {
        if (n >= lim) {
            throw new Underflow();
        }
        n++;
        return n;
    }

    static void q(int x) {
        acc = acc * 31 + x;
    }

    static void showG(int x) {
        System.out.println("x " + x + " G " + G.v);
    }

    static int readShared(int x) {
        return x * 5 + SHARED[0];
    }

    static int readLeak(int x) {
        return x * 7 + leak[0];
    }

    static void run(int limit) {
        n = 0;
        acc = 0;
        lim = limit;
    }

    public static void main(String[] args) {
        run(10);
        Box d = new Box();
        {
            Adder a1 = new Adder(d);
            Printer p1 = new Printer(d);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                p1.show(a1.add(x));
            }
        }
        System.out.println("printer " + d.v);

        run(20000);
        Box b = new Box();
        {
            Adder a1 = new Adder(b);
            Adder a2 = new Adder(b);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(a2.add(a1.add(x)));
            }
        }
        System.out.println("shared box " + acc + " " + b.v);

        run(20000);
        int[] arr = new int[1];
        {
            Stamp s1 = new Stamp(arr);
            Stamp s2 = new Stamp(arr);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(s2.get(s1.put(x)));
            }
        }
        System.out.println("shared array " + acc + " " + arr[0]);

        run(6);
        {
            Adder a1 = new Adder(G);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                showG(a1.add(x));
            }
        }

        run(20000);
        {
            Tally t1 = new Tally();
            Noise n1 = new Noise(7);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(n1.mix(t1.count(x)));
            }
        }
        System.out.println("own state " + acc);

        run(20000);
        {
            Stamp s1 = new Stamp(SHARED);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(readShared(s1.put(x)));
            }
        }
        System.out.println("static array " + acc + " " + SHARED[0]);

        run(20000);
        {
            Leaky l1 = new Leaky();
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(readLeak(l1.put(x)));
            }
        }
        System.out.println("published array " + acc);

        run(20000);
        Reg reg = new Reg();
        {
            Counter c1 = new Counter(reg);
            RegReader r1 = new RegReader(reg);
            while (true) {
                int x;
                try {
                    x = src();
                } catch (Underflow u) {
                    break;
                }
                q(r1.get(c1.count(x)));
            }
        }
        System.out.println("published object " + acc);
    }
}

class Box {
    int v;
}

class Adder {
    Box b;

    Adder(Box b) {
        this.b = b;
    }

    int add(int x) {
        b.v += x;
        return b.v;
    }
}

class Stamp {
    int[] a;

    Stamp(int[] a) {
        this.a = a;
    }

    int put(int x) {
        a[0] = x;
        return x;
    }

    int get(int x) {
        return a[0] - x;
    }
}

class Printer {
    Box b;

    Printer(Box b) {
        this.b = b;
    }

    void show(int x) {
        System.out.println("x " + x + " box " + b.v);
    }
}

class Tally {
    int[] seen = new int[16];
    int total;

    int count(int x) {
        seen[x % 16]++;
        total += x;
        return seen[x % 16] + bump(total);
    }

    int bump(int v) {
        total = v % 1000;
        return total;
    }
}

class Noise {
    Random r;

    Noise(int seed) {
        r = new Random(seed);
    }

    int mix(int x) {
        return x ^ r.nextInt(256);
    }
}

class Leaky {
    int[] a;

    Leaky() {
        a = new int[1];
        Main.leak = a;
    }

    int put(int x) {
        a[0] = x;
        return x;
    }
}

class Reg {
    Counter c;
}

class Counter {
    int count;

    Counter(Reg r) {
        r.c = this;
    }

    int count(int x) {
        count += x;
        return x;
    }
}

class RegReader {
    Reg r;

    RegReader(Reg r) {
        this.r = r;
    }

    int get(int x) {
        return x * 3 + r.c.count;
    }
}

class Underflow extends RuntimeException {
}
