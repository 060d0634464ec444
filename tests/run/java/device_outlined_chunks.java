// args: 100000 3
// Host loops over SOMD results that run as SOMD methods of their own, whose CPU path
// splits the loop's index range among MIs by the length of the method's `dist` array
// (eighty-sixth session): the first MI's range reaches down to any start and the last
// one's up to any bound, so loops starting below 0 (`p[i + 2]` from -2), running past
// the array (`p[i % n]` up to `n + 3`), over a part of it (up to `(n >> 1) + 1`, from `n /
// 4 * 3`), or over a short result while reading a long array, give Java's results on
// every placement. A loop reading a short result at `i % 100` and a long one at `i` splits
// the long one's length (`cpu_outlined_loops_split_their_range`; `a` holds results given
// by `a = p;`). Locals named `len` and
// `chunk`, which the loops read, are no names of the CPU path's own (probe 153).
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 31 + k * 7 + (a[i] >>> 5);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int len = n / 3 + 17;
        int chunk = 977;
        int[] a = new int[n];
        int[] small = new int[100];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7919 % 100003;
        }
        for (int i = 0; i < small.length; i++) {
            small[i] = i * 3;
        }
        long below = 0;
        long past = 0;
        int part = 0;
        long shortOver = 1;
        long shortFirst = 0;
        int[] y = new int[n];
        int[] z = new int[n];
        for (int r = 0; r < rounds; r++) {
            int[] p = step(a, r);
            for (int i = -2; i < n - 2; i++) {
                below += p[i + 2] ^ i;
            }
            for (int i = 0; i < n + 3; i++) {
                past += p[i % n] % 1000 + i;
            }
            for (int i = 0; i < len; i++) {
                part ^= p[i] + i;
            }
            int[] s = step(small, r);
            for (int i = 0; i < n; i++) {
                shortOver = Math.max(shortOver, (long) s[i % 100] * a[i]);
            }
            for (int i = 0; i < n; i++) {
                shortFirst = Math.min(shortFirst, (long) s[i % 100] * p[i]);
            }
            for (int i = 5; i < n - 5; i++) {
                y[i] += p[i] % chunk - i % 3;
            }
            for (int i = 0; i < len; i++) {
                z[i] = z[i] * 3 + p[i] % 7;
            }
            for (int i = 0; i < (n >> 1) + 1; i++) {
                y[i] -= p[i] % 5;
            }
            for (int i = n / 4 * 3; i < n; i++) {
                z[i] += p[i] % 11;
            }
            a = p;
            System.out.println(r + ": " + below + " " + past + " " + part + " " + shortOver + " "
                    + shortFirst);
        }
        long ys = 0;
        long zs = 0;
        for (int i = 0; i < n; i++) {
            ys += y[i] * (long) (i % 5 + 1);
            zs += z[i] * (long) (i % 7 + 1);
        }
        System.out.println("y " + ys + " " + y[5] + " " + y[n - 6] + " " + y[n - 5]);
        System.out.println("z " + zs + " " + z[len - 1] + " " + z[len]);
    }
}
