// args: 30000 4
// Host loops reducing the results of SOMD calls that run as SOMD methods of their own
// (eighty-sixth session): `int` and `long` accumulators that subtract (`d -= e`, `d = d -
// e`, `c--`, mixed with `+=`), and conditional extrema of integers (`if (v > m) m = v;`,
// `if (m >= v) m = v;` with an `int` widened into a `long`), which are `+`, `max` and `min`
// reductions, exact in any order. A `double` conditional maximum (Java keeps the first of
// `-0.0` and `0.0` and skips NaN, unlike `Math.max`) is an argument extremum since the
// ninety-first session. On the host: an accumulator subtracted from the element (`e = a[i]
// - e`), and an extremum whose branch assigns another value than the one compared.
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 1103515245 + k * 12345 + (a[i] >>> 9);
        }
        return r;
    }

    static double[] halve(int[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            int v = a[i] % 100;
            r[i] = v == 0 ? -0.0 : (v == 7 ? Double.NaN : v * 0.5);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7919 % 100003;
        }
        int d = 0;
        long dl = 1L << 40;
        int c = n;
        long mixed = 0;
        int top = Integer.MIN_VALUE;
        long low = Long.MAX_VALUE;
        double dtop = -1;
        int back = 0;
        int picked = 0;
        for (int r = 0; r < rounds; r++) {
            a = step(a, r);
            for (int i = 0; i < n; i++) {
                d -= a[i];
            }
            for (int i = 0; i < n; i++) {
                dl = dl - (long) a[i] * 3;
            }
            for (int i = 0; i < n; i++) {
                if (a[i] % 5 == 0) {
                    c--;
                }
            }
            for (int i = 0; i < n; i++) {
                if (a[i] > 0) {
                    mixed += a[i] % 1000;
                } else {
                    mixed -= a[i] % 777;
                }
            }
            for (int i = 0; i < n; i++) {
                if (a[i] % 1000 > top) {
                    top = a[i] % 1000;
                }
            }
            for (int i = 0; i < n; i++) {
                if (low >= a[i] / 3) {
                    low = a[i] / 3;
                }
            }
            double[] h = halve(a);
            for (int i = 0; i < n; i++) {
                if (h[i] > dtop) {
                    dtop = h[i];
                }
            }
            for (int i = 0; i < n; i++) {
                back = a[i] - back;
            }
            for (int i = 0; i < n; i++) {
                if (a[i] > picked) {
                    picked = a[i] / 2;
                }
            }
            System.out.println(r + ": " + d + " " + dl + " " + c + " " + mixed + " " + top
                    + " " + low + " " + dtop + " " + back + " " + picked);
        }
    }
}
