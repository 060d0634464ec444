// Java twin of map_at.somd: every `@` is a loop over the mapped arguments, value arrays are
// arrays, Somd.range(n) is the array 0..n-1.
class Main {
    static int poly(int x, int a, int b) {
        return a * x * x + b;
    }

    static long mix(long x, int y) {
        return x * 31 + y;
    }

    static Vec2 rotate(Vec2 v, int quarterTurns) {
        Vec2 r = v;
        for (int i = 0; i < (quarterTurns & 3); i++) {
            r = new Vec2(-r.y, r.x);
        }
        return r;
    }

    static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = i;
        return r;
    }

    static int[] mapPoly(int[] xs, int a, int b) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = poly(xs[i], a, b);
        return r;
    }

    static int[] row(int i, int width) {
        return mapPoly(range(width), i, 1);
    }

    static double half(double x) {
        return x / 2;
    }

    public static void main(String[] args) {
        int[] xs = {0, 1, -2, 3, 40000};
        int[] p = mapPoly(xs, 3, -1);
        for (int i = 0; i < p.length; i++) System.out.print(p[i] + " ");
        System.out.println();
        int[] q = mapPoly(range(6), 2, 0);
        for (int i = 0; i < q.length; i++) System.out.print(q[i] + " ");
        System.out.println();
        long[] ls = {5, 6, 7};
        int[] ys = new int[]{1, 2, 3};
        long[] m = new long[ls.length];
        for (int i = 0; i < ls.length; i++) m[i] = mix(ls[i], ys[i]);
        System.out.println(m.length + " " + m[0] + " " + m[2]);
        Vec2[] vs = {new Vec2(1, 0), new Vec2(0, 2), new Vec2(-3, 4)};
        Vec2[] rs = new Vec2[vs.length];
        for (int i = 0; i < vs.length; i++) rs[i] = rotate(vs[i], 1);
        for (int i = 0; i < rs.length; i++) System.out.print(rs[i].x + "," + rs[i].y + " ");
        System.out.println();
        int[] rowIndex = range(4);
        int[][] table = new int[rowIndex.length][];
        for (int i = 0; i < rowIndex.length; i++) table[i] = row(rowIndex[i], 3);
        for (int i = 0; i < table.length; i++) {
            for (int j = 0; j < table[i].length; j++) System.out.print(table[i][j] + " ");
            System.out.println();
        }
        double[] in = new double[]{1.0, -3.0, 0.1};
        double[] halves = new double[in.length];
        for (int i = 0; i < in.length; i++) halves[i] = half(in[i]);
        System.out.println(halves[0] + " " + halves[1] + " " + halves[2]);
        int[] none = mapPoly(new int[0], 1, 1);
        System.out.println(none.length);
        int[] big = mapPoly(range(100000), 7, 3);
        long s = 0;
        for (int i = 0; i < big.length; i++) s += big[i];
        System.out.println(s);
    }
}

final class Vec2 {
    final int x;
    final int y;

    Vec2(int x, int y) {
        this.x = x;
        this.y = y;
    }
}
