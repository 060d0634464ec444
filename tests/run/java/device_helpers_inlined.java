// args: 40000 6
class Main {
    static long[] relax(long[] x, long[] b) {
        int o = 0;
        long[] y = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = (x[i] * 3 + b[o + i]) % 1000003;
        }
        return y;
    }

    static long[] mix(long[] x, long[] y, long k) {
        int o = 0;
        long[] z = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = (x[i] + y[o + i] * k) % 999983;
        }
        return z;
    }

    static long total(long[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }

    static long[] once(long[] c, long[] b) {
        return relax(c, b);
    }

    static long[] twice(long[] c, long[] b) {
        long[] d = relax(c, b);
        return mix(d, c, 7);
    }

    static long[] both(long[] c, long k) {
        return mix(c, c, k);
    }

    static long[] pick(long[] c, int i) {
        return mix(c, c, c[i] % 5);
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] b = new long[n];
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i * 37L) % 1009;
            x[i] = i % 13;
        }
        long t = 0;
        for (int r = 0; r < rounds; r++) {
            x = once(x, b);
            t = t * 31 + total(x);
        }
        System.out.println(t + " " + x[5]);
        for (int r = 0; r < rounds; r++) {
            x = twice(x, b);
            x = both(x, r + 2);
            t = t * 31 + x[r];
        }
        System.out.println(t + " " + x[n - 1]);
        int k = 0;
        for (int r = 0; r < rounds; r++) {
            x = Lib.shifted(x, b, k++ * 2);
            x = Slow.again(x, b);
        }
        long[] y = once(x, b);
        System.out.println(y[3] + " " + x[3] + " " + k + " " + total(y));
        long[] h = y.clone();
        for (int r = 0; r < rounds; r++) {
            h = halve(h, r);
        }
        long hs = 0;
        for (int i = 0; i < h.length; i++) {
            hs += h[i];
        }
        System.out.println(h[7] + " " + hs);
        long[] p = pick(y, n - 1);
        System.out.println(p[2] + " " + pick(y, 3)[4]);
        p = pick(p, n);
    }

    static long shrink(long v, long k) {
        return v / 2 + k;
    }

    static long[] halve(long[] v, long k) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = shrink(v[i], k);
        }
        return r;
    }
}

class Lib {
    static long[] shifted(long[] c, long[] b, long by) {
        long[] d = Main.mix(c, b, by + 1);
        return Main.relax(d, b);
    }
}

class Slow {
    static long calls = Slow.start();

    static long start() {
        System.out.println("Slow initialized");
        return 1;
    }

    static long[] again(long[] c, long[] b) {
        return Main.relax(c, b);
    }
}
