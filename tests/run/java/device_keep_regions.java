// Java twin of device_keep_regions.somd: SOMD methods are plain methods, `@` and `!` are
// loops, a frozen copy is a clone.
class Main {
    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static double weighted(double[] x, double w) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * w;
        }
        return s;
    }

    static long lsum(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] >> 3;
        }
        return s;
    }

    static int twice(int v) {
        return 2 * v + 1;
    }

    static double shifted(double v, double by) {
        return v + by;
    }

    static int masked(int v, int[] table) {
        return table[v % table.length] ^ v;
    }

    static int[] twiceAll(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = twice(a[i]);
        }
        return r;
    }

    static double[] shiftedAll(double[] x, double by) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = shifted(x[i], by);
        }
        return r;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int v : a) {
            s += v;
        }
        return s;
    }

    static long early(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7) % 13;
        }
        long s = total(a);
        if (n > 50) {
            return s * 1000 + total(a);
        }
        s += total(a);
        return s;
    }

    public static void main(String[] args) {
        int n = 20000;
        int[] a = new int[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 251;
            x[i] = i * 0.25;
        }

        long t = total(a);
        int[] doubled = twiceAll(a.clone());
        long u = sum(a.clone());
        System.out.println(t + " " + u + " " + doubled[0] + " " + doubled[n - 1]);

        double[] moved = shiftedAll(x.clone(), 0.5);
        double w = weighted(x, 2.0);
        System.out.println(moved[n - 1] + " " + w);

        int[] table = a.clone();
        int[] mixed = new int[n];
        for (int i = 0; i < n; i++) {
            mixed[i] = masked(i, table);
        }
        long v = total(a);
        System.out.println(sum(mixed) + " " + v);

        long rounds = 0;
        for (int k = 0; k < 4; k++) {
            rounds += total(a);
            int[] f = a.clone();
            rounds += sum(twiceAll(f));
            a[k * 5] += 1000 + k;
        }
        System.out.println(rounds);

        long before = total(a);
        a[n - 1] = -5;
        long after = total(a) + sum(twiceAll(a.clone()));
        System.out.println(before + " " + after);

        System.out.println(early(40) + " " + early(60));

        char[] cs = new char[n];
        long[] ls = new long[n];
        boolean[] bs = new boolean[n];
        for (int i = 0; i < n; i++) {
            cs[i] = (char) ('a' + i % 26);
            ls[i] = (long) i * 1000003L;
            bs[i] = i % 7 == 3;
        }
        int chars = 0;
        int more = Integer.MIN_VALUE;
        for (char c : cs.clone()) {
            chars += c;
            more = Math.max(more, c);
        }
        long longs = lsum(ls);
        long[] lcopy = ls.clone();
        long lsum = 0;
        for (long l : lcopy) {
            lsum += l;
        }
        boolean any = false;
        boolean all = true;
        for (boolean b : bs.clone()) {
            any = any || b;
            all = all && b;
        }
        System.out.println(chars + " " + more + " " + longs + " " + lsum + " " + any + " " + all);

        int[] g = new int[n];
        short[] hs = new short[n];
        for (int i = 0; i < n; i++) {
            g[i] = i * 3 % 11 - 4;
            hs[i] = (short) (i * 7919);
        }
        int[] gv = g.clone();
        g[0] = 99;
        short[] hv = hs.clone();
        int gs = sum(gv);
        int[] gd = twiceAll(gv);
        int hsum = 0;
        int hmin = Integer.MAX_VALUE;
        for (short h : hv) {
            hsum += h;
            hmin = Math.min(hmin, h);
        }
        System.out.println(gs + " " + gd[n - 1] + " " + hsum + " " + hmin + " " + g[0]);
        int[] hd = new int[n];
        for (int i = 0; i < n; i++) {
            hd[i] = twice(hv[i]);
        }
        System.out.println(hd[1] + " " + hd[n - 1]);

        double last = weighted(x, 1.0);
        double[] frozen = shiftedAll(x.clone(), -1.0);
        System.out.println(last + " " + frozen[1] + " " + frozen.length);
    }
}
