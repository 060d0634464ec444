// args: 30001 4
// Host loops over SOMD results to `i <= hi`, and stepping by constants other than 1 up or
// down (`i += 2`, `i = i + 3`, `i -= 4`, `i += 5` to `i <= hi`), run as SOMD methods of their own (eighty-eighth
// session): on the CPU each MI starts at the first index of its share that the step
// reaches from the loop's start. A loop of eight iterations to a local declared with a
// constant stays on the host. Every placement gives Java's results.
class Main {
    static long[] step(long[] a, int k) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 31 + k * 7) % 100003;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 1009;
        }
        long[] y = new long[n];
        long check = 0;
        int few = 8;
        long[] cent = new long[few];
        for (int r = 0; r < rounds; r++) {
            long[] p = step(a, r);
            int last = n - 1;
            for (int i = 0; i <= last; i++) {
                y[i] += p[i];
            }
            for (int i = 1; i < n; i += 2) {
                y[i] = y[i] * 3 - p[i - 1];
            }
            for (int i = n - 1; i >= 2; i -= 4) {
                y[i] ^= p[i] << 3;
            }
            long odd = 0;
            for (int i = 1; i < n - 1; i = i + 3) {
                odd += p[i] * i;
            }
            long top = Long.MIN_VALUE;
            for (int i = n / 2; i <= n - 2; i++) {
                top = Math.max(top, p[i] - p[i + 1]);
            }
            int count = 0;
            for (int i = n - 1; i > 0; i -= 7) {
                if (p[i] % 3 == 0) {
                    count++;
                }
            }
            for (int i = 0; i <= n - 1; i += 5) {
                y[i] += p[i] / 3;
            }
            // Eight iterations over an array the next round's call reads: a bound held in
            // a local declared with a constant keeps the loop on the host.
            for (int c = 0; c < few; c++) {
                cent[c] = cent[c] * 3 + c + r;
            }
            long[] q = step(cent, r);
            check = check * 31 + odd + top + count + q[few - 1];
            a = p;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 17 + y[i];
        }
        System.out.println(sum);
        System.out.println(check);
        System.out.println(y[0] + " " + y[1] + " " + y[n - 1] + " " + y[n / 2]);
    }
}
