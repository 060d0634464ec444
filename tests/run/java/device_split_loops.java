// args: 30001 4
// Host loops over SOMD results that both store and reduce run as two SOMD methods of their
// own (eighty-ninth session): the stores, then the reduction over what they left on the
// device, or the reduction first where it reads the elements before they are stored.
// Loops with two accumulators, or storing two arrays, run as a method for each; a
// floating-point sum after stores stays on the host, the stores do not. Loops
// whose second part could fail, which read an element stored by another part
// after the store, or whose sum updates a local the stores read, stay on the host.
// Every placement gives Java's results.
class Main {
    static double[] relax(double[] a, int r) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 0.75 + ((0 + i + r) % 13) * 0.125;
        }
        return out;
    }

    static long[] mix(long[] a, int r) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (a[i] * 31 + 0 + i + r) % 1000003;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] x = new double[n];
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 101) * 0.01;
            a[i] = i % 977;
        }
        double[] y = new double[n];
        double[] u = new double[n];
        long[] w = new long[n];
        int[] z = new int[n];
        long[] v = new long[n];
        long[] s1 = new long[n];
        long[] s2 = new long[n];
        double[] res = new double[n];
        double[] hold = new double[n];
        long check = 0;
        double total = 0;
        for (int r = 0; r < rounds; r++) {
            double[] p = relax(x, r);
            // Stores, then a maximum of what they stored.
            double mx = -1;
            for (int i = 0; i < n; i++) {
                double d = p[i] - x[i];
                y[i] = d * 0.5;
                mx = Math.max(mx, Math.abs(y[i]) + d * 0);
            }
            // A maximum of the change, then the copy.
            double[] nu = relax(u, r + 1);
            double diff = 0;
            for (int i = 0; i < n; i++) {
                diff = Math.max(diff, Math.abs(nu[i] - u[i]));
                u[i] = nu[i];
            }
            long[] q = mix(a, r);
            // Stores under a condition, then a count of what they stored.
            int odd = 0;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                long t = q[i] * 3;
                if (q[i] % 2 == 0) {
                    w[i] = t;
                } else {
                    w[i] = -t;
                }
                if (w[i] < 0) {
                    odd++;
                }
            }
            for (int i = 0; i < n; i++) {
                z[i] = (int) (q[i] % 7);
            }
            // A sum over two arrays, one of them stored by the loop, by 3 down.
            for (int i = n - 1; i >= 0; i -= 3) {
                v[i] = q[i] ^ w[i];
                sum += v[i] + q[i];
            }
            // The second part could fail (a divisor the stores do not check): the host.
            long quot = 0;
            for (int i = 0; i < n; i++) {
                w[i] = q[i] + 1;
                quot += 1000 / (z[i] + 1);
            }
            // A declaration reading the stored array before the store: the host.
            long old = 0;
            for (int i = 0; i < n; i++) {
                long before = v[i];
                v[i] = q[i] - before;
                old ^= before;
            }
            // A store reading the accumulator: the host.
            long run = 0;
            for (int i = 0; i < n; i++) {
                run += q[i] & 15;
                w[i] = run;
            }
            // Two accumulators.
            long least = Long.MAX_VALUE;
            int big = 0;
            for (int i = 0; i < n; i++) {
                least = Math.min(least, q[i] - w[i]);
                if (q[i] > 500000) {
                    big++;
                }
            }
            // Two arrays stored, the second from the first, then a sum of the second.
            long both = 0;
            for (int i = 0; i < n; i++) {
                long t = q[i] >> 2;
                s1[i] = t + r;
                s2[i] = s1[i] * 3 - t;
                both += s2[i] & 255;
            }
            // Stores, then a floating-point sum of what they stored: the sum stays on the
            // host, the stores run on the device, and `res` goes to the next call.
            double rr = 0;
            for (int i = 0; i < n; i++) {
                res[i] = res[i] * 0.5 - p[i] * 0.25;
                rr += res[i] * res[i];
            }
            // The same with a local the stores read updated by the sum (review 163): the
            // host.
            int k = 1;
            double rk = 0;
            for (int i = 0; i < n; i++) {
                hold[i] = hold[i] * 0.5 + p[i] * k;
                rk += hold[i] + k++;
            }
            double[] pr = relax(res, r);
            double[] ph = relax(hold, r);
            total = total + rr + rk + pr[n / 2] + ph[n / 3];
            x = relax(y, r);
            a = mix(w, r);
            total = total + mx + diff;
            check = check * 31 + odd + sum + quot + old + run + least + big + both;
            System.out.println(r + " " + mx + " " + diff + " " + odd + " " + sum);
        }
        long vs = 0;
        for (int i = 0; i < n; i++) {
            vs = vs * 7 + v[i] + z[i] + s1[i] - s2[i];
        }
        System.out.println(total + " " + x[n / 2] + " " + u[n - 1] + " " + check + " " + vs);
    }
}
