// Java twin of device_same_array_args.somd: SOMD methods are plain methods; a method
// writing a parameter writes its own clone (parameters are passed by value).
class Main {
    static long[][] mm(long[][] c, long[][] x, long[][] y) {
        long[][] out = new long[c.length][c[0].length];
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < c[i].length; j++) {
                int gi = 0 + i;
                int gj = 0 + j;
                long s = 0;
                for (int q = 0; q < y.length; q++) {
                    s += x[gi][q] * y[q][gj];
                }
                out[i][j] = s + c[i][j];
            }
        }
        return out;
    }

    static long dot(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        return s;
    }

    static long msum(long[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + i + 1);
            }
        }
        return s;
    }

    // Writes `a` (its own copy) while reading `b`: passed one array, `b` still holds the
    // caller's elements.
    static int[] addShifted(int[] a, int[] b) {
        a = a.clone();
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            a[i] = a[i] * 3 + b[(g + 1) % b.length];
        }
        return a;
    }

    static long[] heat(long[] a, long[] b, int steps) {
        a = a.clone();
        b = b.clone();
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) % 1000003;
                }
            }
            {
                for (int i = 1; i < b.length - 1; i++) {
                    a[i] = (b[i - 1] + 2 * b[i] + b[i + 1]) % 1000003;
                }
            }
        }
        return a;
    }

    // A parameter of the host method: no keep scope, the call itself moves it once.
    static long[][] square(long[][] m) {
        return mm(m, m, m);
    }

    static long hash(long[][] m) {
        long h = m.length;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                h = h * 31 + m[i][j];
            }
        }
        return h;
    }

    static long hash(int[] a) {
        long h = a.length;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + a[i];
        }
        return h;
    }

    static long hash(long[] a) {
        long h = a.length;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + a[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int n = 90;
        long[][] m = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = (i * 7 + j * 3) % 11 - 5;
            }
        }
        System.out.println("square " + hash(square(m)));
        // Kept across the statements: one upload for three calls.
        long[][] p = mm(m, m, m);
        System.out.println("mm " + hash(p) + " " + msum(m) + " " + msum(p));

        int[] v = new int[20000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 97 - 40;
        }
        int[] w = v;
        System.out.println("dot " + dot(v, w) + " " + dot(w, w));
        int[] shifted = addShifted(v, w);
        System.out.println("shifted " + hash(shifted) + " " + hash(v) + " " + (shifted == v));

        long[] rod = new long[3000];
        for (int i = 0; i < rod.length; i++) {
            rod[i] = (i * 13) % 101;
        }
        long[] warm = heat(rod, rod, 5);
        System.out.println("heat " + hash(warm) + " " + hash(rod));
        warm[0] = 1;
        System.out.println("after " + warm[0] + " " + rod[0]);
    }
}
