// Java twin of sync_scratch_whole.somd: the SOMD method is a plain method writing clones
// of its parameters (they are passed by value), its `sync` blocks plain blocks.
class Main {
    static long[] relax(long[] a, long[] b, int steps) {
        a = a.clone();
        b = b.clone();
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 0; i < b.length; i++) {
                    b[i] = (a[i] * 7 + s) % 1000003;
                }
            }
            {
                for (int i = 0; i < a.length; i++) {
                    a[i] = b[i] % 1000 + i;
                }
            }
        }
        return a;
    }

    static long isum(long[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] % 7;
        }
        return s;
    }

    static long[] spread(long[] a, long[] b, int steps) {
        a = a.clone();
        b = b.clone();
        long top = 0;
        long acc = 0;
        for (int s = 0; s < steps; s++) {
            if (s % 2 == 0) {
                for (int i = 0; i < b.length; i++) {
                    b[i] = (a[i] * 3 + s) % 10007;
                }
            } else {
                for (int i = 0; i < b.length; i++) {
                    b[i] = (a[i] * 5 + s) % 10009;
                }
            }
            top = 0;
            for (int i = 0; i < b.length; i++) {
                top = Math.max(top, b[i]);
            }
            acc = acc * 3 + isum(b) + top;
            for (int i = 0; i < a.length; i++) {
                a[i] = b[i] % 1000 + i + acc % 5;
            }
        }
        return a;
    }

    static long[] offsets(long[] a, long[] c, int steps) {
        a = a.clone();
        c = c.clone();
        for (int s = 0; s < steps; s++) {
            for (int j = 0; j < c.length; j++) {
                c[j] = a[j] * 2 + s;
            }
            for (int i = 0; i < a.length; i++) {
                a[i] = c[i] % 977 + i;
            }
        }
        return a;
    }

    static long hash(long[] a) {
        long h = a.length;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + a[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int n = 50000;
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 2654435761L) % 99991;
        }
        long[] same = new long[n];
        long[] filled = new long[n];
        for (int i = 0; i < filled.length; i++) {
            filled[i] = i;
        }
        System.out.println("same " + hash(relax(a, same, 6)));
        System.out.println("filled " + hash(relax(a, filled, 6)) + " " + filled[5]);
        System.out.println("a " + hash(a));
        System.out.println("spread " + hash(spread(a, filled, 5)) + " " + filled[7]);
        System.out.println("offsets " + hash(offsets(a, filled, 3)) + " " + filled[9]);
    }
}
