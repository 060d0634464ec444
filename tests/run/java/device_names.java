// Java twin of device_names.somd: `@` a loop, a SOMD method one method instance over the
// whole arrays (by value: `work` writes copies).
// A constructor parameter and a field named like the kernel's object under construction.
class Self {
    int self;
    int other;

    Self(int self, int other) {
        this.self = self * 2;
        this.other = self + other;
    }
}

class map {
    static int Main_f(int x) {
        return x * 3 + 1;
    }
}

class somd {
    static int iadd(int a, int b) {
        return a * 7 + b;
    }
}

class Main {
    static int work_loop1(int x) {
        return x + 1;
    }

    static int work_loop2(int x) {
        return x ^ 5;
    }

    // Two `sync` loops: kernels `Main_work_loop1` and `Main_work_loop2`.
    static int[] work(int[] a0, int[] b0) {
        int[] a = a0.clone();
        int[] b = b0.clone();
        for (int s = 0; s < 3; s++) {
            {
                for (int i = 0; i < a.length; i++) {
                    b[i] = work_loop1(a[i]) + somd.iadd(a[i] & 7, s);
                }
            }
            {
                for (int i = 0; i < a.length; i++) {
                    a[i] = work_loop2(b[i]) & 1023;
                }
            }
        }
        return a;
    }

    static int f(int x) {
        return map.Main_f(x) - somd.iadd(x, 1);
    }

    static int g(int x) {
        return x * 5 + 2;
    }

    // A Rust function `Main_total_somd`, as `total`'s SOMD wrapper would be named.
    static int total_somd(int x) {
        return x - 1;
    }

    // Locals named like `a`'s length argument and like the helper `g` in OpenCL C.
    static long locals(int[] a) {
        long s = 0;
        int a_len0 = 3;
        int Main_g = 4;
        for (int i = 0; i < a.length; i++) {
            int a_off0 = a[i] % a_len0;
            s += a_off0 + g(a[i]) + Main_g;
        }
        return s;
    }

    // An overload of `work`: its Rust name `Main_work_1` made its kernel description
    // `K_Main_work_1`, the name `work`'s first `sync` kernel had.
    static long work(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] & 255;
        }
        return s;
    }

    static int counter = 11;

    static int h$lp(int x) {
        return x * x;
    }

    // Kernels `Main_s_um` and `Main_s_um_2`: `$` is no identifier character of OpenCL C.
    static long s$um(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += h$lp(a[i]);
        }
        return s;
    }

    static long s_um(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * 3;
        }
        return s;
    }

    static long größe(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] % 17;
        }
        return s;
    }

    // A kernel's constant-argument variant would be `Main_total_c`.
    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static long total_c(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (long) a[i];
        }
        return s;
    }

    static Self self(int v, int w) {
        return new Self(v, w);
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000;
        }
        int[] w = work(a, b);
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + w[i];
        }
        System.out.println("work " + check);
        int[] mapped = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            mapped[i] = f(a[i]);
        }
        long m = 0;
        for (int i = 0; i < mapped.length; i++) {
            m = m * 17 + mapped[i];
        }
        System.out.println("map " + m);
        Self[] selves = new Self[a.length];
        for (int i = 0; i < a.length; i++) {
            selves[i] = self(a[i], 5);
        }
        System.out.println("selves " + selves[1].self + " " + selves[1].other + " " + selves[a.length - 1].self);
        System.out.println("sums " + s$um(a) + " " + s_um(a) + " " + größe(a));
        System.out.println("totals " + total(a) + " " + total_c(a));
        long[] wide = new long[n];
        for (int i = 0; i < n; i++) {
            wide[i] = a[i] * 1000003L;
        }
        int POS_0 = 2;
        int S_Main_counter = 9;
        int CL_BODY = 1;
        int K_Main_total = 4;
        int Main_g = 5;
        int somd = 6;
        System.out.println("locals " + locals(a) + " " + work(wide) + " " + total_somd(POS_0)
            + " " + (S_Main_counter + CL_BODY + K_Main_total + Main_g + counter + somd));
    }
}
