// Java twin of ctor_this_call.somd: the value class is a final class, `@` a loop, `!` a fold.
class Counter {
    static int made = 0;
    static int order = 0;

    int id = ++made;
    int a;
    int b;
    final int c;
    String tag = "plain";

    Counter(int a, int b, int c) {
        this.a = a;
        this.c = c;
        if (a < 0) {
            tag = "negative";
            return;
        }
        this.b = b;
        tag = "full";
    }

    Counter(int a, int b) {
        this(a, b, a + b);
        tag = tag + "/two";
    }

    Counter(int a) {
        this(a, step(a));
        b += 100;
    }

    Counter() {
        this(step(7), step(8), step(9));
    }

    static int step(int v) {
        order = order * 10 + v % 10;
        return v;
    }

    String show() {
        return "#" + id + " " + a + " " + b + " " + c + " " + tag;
    }
}

final class Pair {
    final float x;
    final float y;

    Pair(float x, float y) {
        this.x = x;
        this.y = y;
    }

    Pair(float v) {
        this(v, v * 2f);
    }
}

class Main {
    static Pair spread(float v) {
        return new Pair(v + 0.5f);
    }

    static float sum(Pair p) {
        return p.x + p.y;
    }

    public static void main(String[] args) {
        System.out.println(new Counter(1, 2, 3).show());
        System.out.println(new Counter(4, 5).show());
        System.out.println(new Counter(-6, 5).show());
        System.out.println(new Counter(9).show());
        System.out.println(new Counter().show() + " order " + Counter.order);
        System.out.println("made " + Counter.made);
        float[] vs = new float[1000];
        for (int i = 0; i < vs.length; i++) {
            vs[i] = i * 0.25f;
        }
        Pair[] ps = new Pair[vs.length];
        for (int i = 0; i < vs.length; i++) {
            ps[i] = spread(vs[i]);
        }
        float total = 0;
        for (int i = 0; i < ps.length; i++) {
            total += sum(ps[i]);
        }
        System.out.println(ps[3].x + " " + ps[3].y + " " + total);
    }
}
