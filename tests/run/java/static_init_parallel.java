// Classes initialized at first use (every class but the main one) with parallel code: a
// class without a constructor first used by `new`, an initializer that calls a SOMD method
// whose MIs call back into its class (the MIs go on as Java's one thread would), a cycle
// of two initializers first reached by MIs on several threads, and a `@` whose target's
// class prints and writes another class's field in its initializer (initialized before
// the map, on the device too).
class Lazy {
    static int x = Lazy.hello();

    static int hello() {
        System.out.println("Lazy init");
        return 1;
    }

    int get() {
        return x;
    }
}

class Self {
    static int base = Self.hello();
    static long total = Self.sum(new int[100]);

    static int hello() {
        System.out.println("Self init");
        return 10;
    }

    static int w(int x) {
        return x + base;
    }

    static long sum(int[] a) {
        long t = 0;
        for (int i = 0; i < a.length; i++) {
            t += Self.w(a[i]);
        }
        return t;
    }
}

class Spin {
    static long spin(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s = s * 31 + (s >>> 7) + i;
        }
        return s;
    }
}

class X {
    static long w = Spin.spin(200000);
    static int a = Y.b + 1;

    static int f() {
        return a;
    }
}

class Y {
    static long w = Spin.spin(200000);
    static int b = X.a + 1;

    static int g() {
        return b;
    }
}

class Cfg {
    static int flag = 0;
}

class Sq {
    static final int d = Sq.hello();

    static int hello() {
        System.out.println("Sq init");
        Cfg.flag = 7;
        return 3;
    }

    static int sq(int x) {
        return x * x + d;
    }
}

class Main {
    static long cycle(int[] a) {
        long r = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 500) {
                r += X.f();
            } else {
                r += Y.g();
            }
        }
        return r;
    }

    public static void main(String[] args) {
        System.out.println("before");
        Lazy n = new Lazy();
        System.out.println("after new " + n.get());
        System.out.println(Self.total);
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(cycle(a));
        System.out.println(X.a + " " + Y.b + " " + (X.w == Y.w));
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = Sq.sq(a[i]);
        }
        System.out.println("after " + r[7] + " flag " + Cfg.flag);
    }
}
