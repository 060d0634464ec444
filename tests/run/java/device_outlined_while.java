// args: 50000 3
// Host loops over SOMD results written in other Java forms run as SOMD methods of their own
// (ninety-first session): `loop_forms` now rewrites the loops of host functions that call
// SOMD methods into counted `for` loops, as it does in SOMD bodies, and `outline_loops`
// reads them. A `while` loop counting its index (`i++`, `i += 1`, with `i++; continue;`), a
// `for` loop without an initialiser, a mirrored test (`n > i`), a decrement in the test
// (`while (--i >= 0)`), and a `while` loop whose index is read after it, which stays on the
// host.
class Main {
    static long[] mix(long[] a, long k) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * k + (0 + i)) % 10007 - 5000;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] x = new long[n];
        long[] y = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 31L + 7;
        }
        long sum = 0;
        long top = Long.MIN_VALUE;
        long odd = 0;
        int neg = 0;
        long low = Long.MAX_VALUE;
        int low_at = -1;
        int stop = 0;
        for (int round = 0; round < rounds; round++) {
            long[] p = mix(x, 97 + round);
            int i = 0;
            while (i < n) {
                y[i] += p[i] >> 2;
                i++;
            }
            int j = 0;
            while (n > j) {
                sum += p[j] ^ j;
                j += 1;
            }
            int k = 0;
            while (k < n) {
                if ((p[k] & 1) == 0) {
                    k++;
                    continue;
                }
                odd += p[k];
                k++;
            }
            int m = 1;
            for (; m < n; m++) {
                top = Math.max(top, p[m] - p[m - 1]);
            }
            int d = n;
            while (--d >= 0) {
                if (p[d] < 0) {
                    neg++;
                }
            }
            int e = n - 1;
            while (e >= 0) {
                if (p[e] <= low) {
                    low = p[e];
                    low_at = e;
                }
                e--;
            }
            // A search leaving its index for after the loop (`found_index`), whose test
            // reads up to `n`, which the analysis does not prove in range: it stays.
            int s = 0;
            while (s < n && p[s] < 4990) {
                s++;
            }
            stop += s;
        }
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + y[i];
        }
        System.out.println(check + " " + sum + " " + top + " " + odd + " " + neg + " " + low + " "
            + low_at + " " + stop);
    }
}
