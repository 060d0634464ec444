// Java's order where one operand reads a variable that a later one assigns or hands over:
// `null` assigned inside an expression, `a == (a = b)`, `r.nextInt(bound())` (the receiver
// first), an array passed at its last use to a SOMD method that writes its partition while
// the same statement still indexes it, and a freeze of an array the statement stores into.
import java.util.Random;

class Box {
    int x;

    Box(int x) {
        this.x = x;
    }
}

class Main {
    static int[] sa = {5};
    static Random sr = new Random(1);
    static Random sr2 = new Random(1);

    static int len(int[] q) {
        return q == null ? -1 : q.length;
    }

    static int bx(Box b) {
        return b == null ? -7 : b.x;
    }

    static int[] other() {
        sa = new int[1];
        return sa;
    }

    static Random getR() {
        System.out.println("receiver");
        return sr;
    }

    static int bound() {
        System.out.println("argument");
        return 7;
    }

    static int reseed() {
        sr2 = new Random(2);
        return 10;
    }

    static int wsum(int[] x0) {
        int[] x = x0.clone();
        int s = 0;
        for (int i = 0; i < x.length; i++) {
            x[i] = x[i] + 1;
            s += x[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = {1, 2};
        int[] b = {3, 4};
        System.out.println(len(a = null));
        int[] c = (a = null);
        System.out.println(c == null);
        System.out.println((sa = null) == null);
        Box o = new Box(3);
        Box d = (o = null);
        System.out.println(bx(o = null) + " " + (d == null));
        int[][] m = new int[2][2];
        Box[] bs = new Box[2];
        System.out.println(len(m[0] = null) + " " + bx(bs[0] = null));
        String s = "x";
        String t = (s = null);
        System.out.println(t + s);
        a = new int[]{1, 2};
        System.out.println(a == (a = b));
        System.out.println(a == (a = b));
        Box p = new Box(1);
        Box q = new Box(2);
        System.out.println(p != (p = q));
        sa = new int[]{5};
        System.out.println(sa == other());
        Box[] cs = {p, q};
        System.out.println(cs[0] == (cs[0] = q));
        System.out.println(getR().nextInt(bound()));
        Random r = new Random(1);
        System.out.println(r.nextInt((r = new Random(2)).nextInt(5) + 10));
        System.out.println(sr2.nextInt(reseed()));
        int[] w = {1, 2, 3, 4, 5, 6};
        System.out.println(w[wsum(w) % 6]);
        int[] v = {1, 2, 3, 4, 5, 6};
        v[wsum(v) % 6] += 100;
        System.out.println(v[3]);
        int[] f = {1, 2, 3};
        int[] keep;
        f[0] = (keep = f.clone())[1] + 100;
        System.out.println(keep[0] + " " + f[0]);
    }
}
