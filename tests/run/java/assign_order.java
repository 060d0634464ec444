// Java evaluates an assignment's place before its value (JLS 15.26.1): a field store
// used as a value (an argument, a condition, an initializer, a `return`, a chain) goes to
// the object named before the value ran (probe 49: the value ran first, and `q.f = (q =
// b).f + 1` stored into `b`; probe 50: a `null` object was found before the value's own
// exception). An element of a new array can be incremented or
// compound-assigned (its generated code borrowed a temporary).
class Main {
    int f;
    static int id(int v) { return v; }
    static int run(Main a, Main b) {
        Main q = a;
        return q.f = (q = b).f + 1;
    }
    public static void main(String[] args) {
        Main a = new Main();
        Main b = new Main();
        Main[] ms = {a, b};
        int i = 0;
        ms[i].f = ++i;
        System.out.println("stmt " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        id(ms[i].f = ++i);
        System.out.println("arg " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        if ((ms[i].f = ++i) > 0) System.out.println("if " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        int[] arr = {ms[i].f = ++i};
        System.out.println("init " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        int r = true ? (ms[i].f = ++i) : 0;
        System.out.println("cond " + a.f + " " + b.f);
        a.f = 0; b.f = 0;
        run(a, b);
        System.out.println("ret " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        String s = "x" + (ms[i].f = ++i);
        System.out.println("concat " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        for (int j = 0; j < 1; ms[i].f = ++i) j++;
        System.out.println("for " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        int z = ms[i].f = ms[i].f = ++i;
        System.out.println("chain " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        int w = ms[i].f += ++i;
        System.out.println("compound " + a.f + " " + b.f);
        a.f = 0; b.f = 0; i = 0;
        int v = ms[i].f++ + ms[++i].f++;
        System.out.println("incr " + a.f + " " + b.f);
        // Compound assignments and increments of an element of a new array.
        System.out.println(new int[]{1, 2}[0]--);
        System.out.println(new int[]{1, 2}[0] += 5);
        int x = new int[]{1, 2}[1]++;
        System.out.println(x);
        new int[]{1, 2}[0]++;
        new int[]{1, 2}[0] += 3;
        i = 0;
        System.out.println(new int[]{1, 2}[i]++);
        System.out.println(++new int[]{1, 2}[0]);
        System.out.println(new int[][]{{1, 2}}[0][1] *= 10);
        System.out.println((new long[]{7, 8})[1] <<= 3);
        // The object's effects come before the value, which reads them; a `null` object is
        // found after the value, whose exception comes first.
        Main[] cs = {new Main(), new Main(), new Main()};
        i = 0;
        System.out.println("value " + (cs[i++].f = i) + " " + cs[0].f + " " + cs[1].f);
        int zero = args.length;
        Main nobody = null;
        nobody.f = 1 / zero;
    }
}
