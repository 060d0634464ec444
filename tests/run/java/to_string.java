// Java's string conversion calls a class's `toString()`: in a concatenation, `print`,
// `println`, a `%s` argument and the elements of an array given as a format's arguments;
// `null` prints `null` without a call. A `toString()` with an effect runs where Java runs
// it, as the conversion takes its operand.
class Pt {
    int x;

    Pt(int x) {
        this.x = x;
    }

    public String toString() {
        return "Pt(" + x + ")";
    }
}

class Loud {
    static int calls = 0;
    int id;

    Loud(int id) {
        this.id = id;
    }

    public String toString() {
        calls++;
        System.out.println("toString of " + id);
        return "L" + id;
    }
}

class V {
    int a;

    V(int a) {
        this.a = a;
    }

    public String toString() {
        return "V" + a;
    }
}

class Main {
    static String log = "S";

    public static void main(String[] args) {
        Pt p = new Pt(3);
        Pt none = null;
        V v = new V(4);
        System.out.println(p);
        System.out.println(none);
        System.out.println("p=" + p + " none=" + none + " v=" + v);
        System.out.printf("%s|%S|%8s|%b%n", p, v, p, none);
        Pt[] pts = {new Pt(1), null, new Pt(2)};
        System.out.printf("%s %s %s%n", (Object[]) pts);
        String s = "a";
        s += new Loud(7);
        log += p;
        System.out.println(s + " " + log);
        System.out.println(String.format("%s %s", (Object[]) (Pt[]) null));
        V[] vs = new V[] {new V(5), new V(6)};
        System.out.println(String.format("%s %s", (Object[]) vs));
        Loud a = new Loud(1);
        Loud b = new Loud(2);
        int k = 0;
        System.out.println("start " + a + " " + (k++) + " " + b + " " + k);
        System.out.println(Loud.calls);
    }
}
