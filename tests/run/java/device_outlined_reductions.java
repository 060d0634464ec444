// args: 20000 5
// Host loops reducing the results of SOMD calls run as SOMD methods of their own
// (eighty-fifth session), where the reduction is exact in any order: `int` and `long`
// `+`, `^`, counts, empty ranges, `*` up to `n / 2` (since the eighty-sixth session),
// `Math.max`/`Math.min` of `double`s (NaN and -0.0 included) and `long`s, `boolean` `||`.
// The results stay on the device across the rounds that pass them back. Loops that stay
// on the host: a `double` sum, a loop reading its accumulator elsewhere, a loop over host
// arrays alone, an `||` whose right operand reads an element (Java skips it once the
// value is known).
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 1103515245 + k * 12345 + (a[i] >>> 7);
        }
        return r;
    }

    static double[] roots(int[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            int v = a[i] % 1000;
            r[i] = v == 0 ? -0.0 : (v == 7 ? Double.NaN : Math.sqrt(Math.abs(v)) * (v < 0 ? -1 : 1));
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
        long total = 0;
        int xor = 0;
        int count = 0;
        long lo = Long.MAX_VALUE;
        int product = 1;
        boolean anyBig = false;
        for (int r = 0; r < rounds; r++) {
            a = step(a, r);
            for (int i = 0; i < n; i++) {
                total += a[i];
            }
            for (int i = 1; i < n - 1; i++) {
                xor ^= a[i] + r;
            }
            for (int i = 0; i < a.length; i++) {
                if (a[i] % 3 == 0) {
                    count++;
                }
            }
            for (int i = 0; i < n; i++) {
                lo = Math.min(lo, (long) a[i] * (i + 1));
            }
            for (int i = n; i < a.length - 1; i++) {
                total += a[i] * 1000;
            }
            System.out.println(r + ": " + total + " " + xor + " " + count + " " + lo);
        }
        for (int i = 0; i < n / 2; i++) {
            product *= (a[i] | 1);
        }
        for (int i = 0; i < n; i++) {
            anyBig = anyBig || a[i] > 2147000000;
        }
        System.out.println(product + " " + anyBig);
        double[] s = roots(a);
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.length; i++) {
            hi = Math.max(hi, s[i]);
        }
        double least = 0.5;
        for (int i = 0; i < s.length; i++) {
            if (i % 7 != 0) {
                least = Math.min(s[i] * 2, least);
            }
        }
        double noNaN = -1;
        for (int i = 0; i < s.length; i++) {
            double v = s[i];
            noNaN = Math.max(noNaN, v != v ? -5.0 : v);
        }
        double zeros = Double.POSITIVE_INFINITY;
        for (int i = 0; i < s.length; i++) {
            zeros = Math.min(zeros, s[i] == 0 ? s[i] : 1.0);
        }
        // Stay on the host: a floating-point sum, an accumulator read in the body, host
        // arrays alone.
        double sum = 0;
        for (int i = 0; i < s.length; i++) {
            sum += s[i] == s[i] ? s[i] : 0;
        }
        long capped = 0;
        for (int i = 0; i < n; i++) {
            if (capped < 1000000000L) {
                capped += a[i] & 0xFFFF;
            }
        }
        long plain = 0;
        for (int i = 0; i < n; i++) {
            plain += i * 3;
        }
        System.out.println(hi + " " + least + " " + noNaN + " " + zeros + " " + (1 / zeros));
        System.out.println(sum + " " + capped + " " + plain);
        System.out.println(a[0] + " " + a[n - 1] + " " + s[n / 2]);
    }
}
