// Java twin of device_names_builtin.somd: value classes are final classes, value arrays
// plain arrays, `@` and `!` loops, SOMD methods one method instance over the whole arrays.
class u64 {
    static int twice(int x) {
        return x * 2;
    }
}

class str {
    static int len(int x) {
        return x + 3;
    }
}

class SourcePos {
    static int line(int x) {
        return x - 1;
    }
}

class arith {
    static int add(int a, int b) {
        return a + b * 10;
    }
}

class é {
    static int f(int x) {
        return x + 7;
    }
}

class _Util {
    static int k = 3;
}

class bounds {
    static int of(int x) {
        return x % 4;
    }
}

class atomic {
    static int[] add(int[] a) {
        int[] o = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            o[i] = a[i] + 1;
        }
        return o;
    }
}

class Main_sum {
    final int kernel;
    final int INT_MAX;
    final int ö;
    final int a$b;
    final int a_b;
    final int half_x;

    Main_sum(int kernel, int INT_MAX, int ö) {
        this.kernel = kernel;
        this.INT_MAX = INT_MAX;
        this.ö = ö;
        this.a$b = kernel + 1;
        this.a_b = ö * 100;
        this.half_x = kernel ^ 5;
    }
}

class Main {
    static long sum(Main_sum[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].kernel * 3 + ps[i].INT_MAX + ps[i].ö * 7 + ps[i].a$b * 1000 + ps[i].a_b
                + ps[i].half_x * 100000;
        }
        return s;
    }

    static double macros(double[] a, int M_PI_F) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double FLT_MAX = a[i] + M_PI_F;
            int INT_MAX = i % 3;
            s += Math.max(FLT_MAX, 3.0) + INT_MAX * 0.0;
        }
        return s;
    }

    static double builtins(double[] a, double atan2) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double log10 = Math.log10(a[i] + 1);
            double tanh = Math.tanh(a[i] * 0.01);
            s += Math.atan2(a[i], atan2) + log10 + tanh;
        }
        return s;
    }

    static long locals(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int kernel_4 = a[i];
            if (a[i] >= 0) {
                int kernel = 100;
                s += kernel_4 + kernel;
            }
        }
        return s;
    }

    static void tally(int[] h, int x) {
        h[x & 7] += 1;
    }

    // A local named like `tally`'s private variant (`Main_tally_pr1`).
    static int tallied(int x) {
        int[] h = new int[8];
        int Main_tally_pr1 = 3;
        tally(h, x);
        tally(h, x + Main_tally_pr1);
        return h[x & 7] * 10 + h[(x + 3) & 7];
    }

    // Two loops that each declare `part` (the SOMD wrapper's `part_<k>` names).
    static int parts(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            int part = a[i] % 7;
            s += part;
        }
        for (int i = 0; i < a.length; i++) {
            int part = a[i] % 5;
            s += part * 2;
        }
        return s;
    }

    static int sq(int x, int k) {
        return x * x + k;
    }

    static int wrap(int x, int k) {
        return x * 1000003 + k;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] a = new int[n];
        double[] d = new double[n];
        Main_sum[] ps = new Main_sum[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000;
            d[i] = a[i] * 0.25;
            ps[i] = new Main_sum(i % 11, i % 5, i % 3);
        }
        int somd = 1;
        int drop = 7;
        int[] b = atomic.add(a);
        System.out.println("classes " + u64.twice(somd) + " " + str.len(2) + " " + SourcePos.line(5)
            + " " + arith.add(1, 2) + " " + é.f(drop) + " " + b[n - 1] + " " + _Util.k + " "
            + bounds.of(7) + " " + parts(a));
        // A local named like the class above: Java obscures the class from here on.
        int bounds = 4;
        System.out.println("fields " + sum(ps));
        System.out.printf("macros %.6f%n", macros(d, 3));
        System.out.printf("builtins %.6f%n", builtins(d, 0.5));
        System.out.println("locals " + locals(a));
        int total = 0;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            total += sq(a[i], drop);
            lo = Math.min(lo, wrap(a[i], drop));
            hi = Math.max(hi, wrap(a[i], drop));
        }
        System.out.println("folds " + total + " " + lo + " " + hi);
        long t = 0;
        for (int i = 0; i < n; i++) {
            t = t * 31 + tallied(a[i]);
        }
        System.out.println("tallied " + t + " " + bounds);
    }
}
