// Java twin of map_writes_objects.somd: each `@` is a loop over its applications, in
// order, and `+ !` of a `@` an `int` sum over that loop.
class Box {
    int v;
    long h;

    Box() { }

    int bump(int i) {
        v++;
        h = h * 31 + i;
        return v;
    }

    long mix(int i) {
        return h * 7 + v + i;
    }
}

class Holder {
    long[] cells;

    Holder(int n) {
        cells = new long[n];
    }
}

class Main {
    static int inc(int i, Box b) {
        b.v++;
        b.h = b.h * 31 + i;
        return b.v;
    }

    static int viaMethod(int i, Box b) {
        return b.bump(i);
    }

    static int each(Box b, int i) {
        b.v += 2;
        b.h = b.h * 31 + i;
        return b.v;
    }

    static long held(int i, Holder h) {
        h.cells[i % 4] = h.cells[i % 4] * 31 + i;
        return h.cells[i % 4];
    }

    static long reads(int i, Box b) {
        return b.mix(i) + b.v;
    }

    static long own(int i) {
        Box t = new Box();
        t.bump(i);
        t.bump(i + 1);
        t.v += i;
        return t.h + t.v;
    }

    static long hash(int[] r) {
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            s = s * 31 + r[i];
        }
        return s;
    }

    static long hash(long[] r) {
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            s = s * 31 + r[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300000;
        Box b = new Box();
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = inc(i, b);
        }
        System.out.println("broadcast: " + b.v + " " + b.h + " " + hash(r));

        Box c = new Box();
        int[] q = new int[n];
        for (int i = 0; i < n; i++) {
            q[i] = viaMethod(i, c);
        }
        System.out.println("method: " + c.v + " " + c.h + " " + hash(q));

        Box[] few = new Box[3];
        for (int i = 0; i < 3; i++) {
            few[i] = new Box();
        }
        Box[] boxes = new Box[n];
        for (int i = 0; i < n; i++) {
            boxes[i] = few[(i * 7) % 3];
        }
        int[] e = new int[n];
        for (int i = 0; i < n; i++) {
            e[i] = each(boxes[i], i);
        }
        System.out.println("elements: " + few[0].v + " " + few[1].h + " " + few[2].h + " " + hash(e));

        Holder h = new Holder(4);
        long[] cells = new long[n];
        for (int i = 0; i < n; i++) {
            cells[i] = held(i, h);
        }
        System.out.println("held: " + h.cells[0] + " " + h.cells[3] + " " + hash(cells));

        Box d = new Box();
        int sum = 0;
        for (int i = 0; i < 200000; i++) {
            sum += inc(i, d);
        }
        long total = sum;
        System.out.println("reduced: " + total + " " + d.v + " " + d.h);

        long[] seen = new long[n];
        for (int i = 0; i < n; i++) {
            seen[i] = reads(i, b);
        }
        System.out.println("reads: " + hash(seen) + " " + b.v);

        long[] made = new long[n];
        for (int i = 0; i < n; i++) {
            made[i] = own(i);
        }
        System.out.println("own: " + hash(made));
    }
}
