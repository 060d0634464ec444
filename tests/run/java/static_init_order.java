// Java twin of static_init_order.somd.
class A {
    static final int X = B.Y * 2;
    static final int Z = B.W + 1;
    static final int[] T = Tables.squares(B.W);
}

class B {
    static final int Y = 3;
    static final int W = twice(5);

    static int twice(int v) {
        return v * 2 + C.OFFSET;
    }
}

class C {
    static final int OFFSET = Integer.parseInt("0") + 1;
}

class Tables {
    static int[] squares(int n) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * i + Limits.BASE;
        }
        return t;
    }
}

class Limits {
    static final int BASE = C.OFFSET * 100;
}

// A cycle: P's initializer reads Q.B, whose initializer reads P.A before it is set.
class P {
    static final int A = Q.B + 1;
}

class Q {
    static final int B = P.A + 10;
}

class Counter {
    static int made = 0;
    static final Counter FIRST = new Counter();
    final int id;

    Counter() {
        made++;
        id = made;
    }
}

class Main {
    static final int SUM = A.Z + P.A;

    public static void main(String[] args) {
        System.out.println(A.X + " " + A.Z + " " + B.Y + " " + B.W + " " + C.OFFSET);
        System.out.println(A.T.length + " " + A.T[0] + " " + A.T[A.T.length - 1]);
        System.out.println(P.A + " " + Q.B + " " + SUM);
        System.out.println(Counter.FIRST.id + " " + Counter.made + " " + new Counter().id);
    }
}
