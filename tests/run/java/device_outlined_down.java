// args: 100000 3
// Host loops over SOMD results stepping down run as SOMD methods of their own (eighty-seventh
// session): sums, a maximum and a count from `n - 1` to 0 or above `n / 2`, a loop
// starting past the array (`p[i % n]` from `n + 1`) and one going below 0 (`p[i + 2]`
// down to -2), and an array written at the index. The CPU path splits their range among
// MIs, the first taking the top (`rt::somd::loop_chunk_down`); every placement gives
// Java's results.
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 1103515245 + k * 12345 + (a[i] >>> 11);
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
        long sum = 0;
        int top = Integer.MIN_VALUE;
        int count = 0;
        long past = 0;
        long below = 0;
        long[] w = new long[n];
        for (int r = 0; r < rounds; r++) {
            int[] p = step(a, r);
            for (int i = n - 1; i >= 0; i--) {
                sum += (long) p[i] * (i % 7);
            }
            for (int i = n - 1; i > n / 2; --i) {
                top = Math.max(top, p[i] % 100000);
            }
            for (int i = n - 1; i >= 0; i -= 1) {
                if (p[i] % 3 == 0) {
                    count--;
                }
            }
            for (int i = n + 1; i >= 0; i--) {
                past ^= p[i % n] + i;
            }
            for (int i = n - 3; i >= -2; i--) {
                below += p[i + 2] % 1000;
            }
            for (int i = n - 1; i >= 0; i--) {
                w[i] = w[i] * 3 + p[i] % 13;
            }
            a = p;
            System.out.println(r + ": " + sum + " " + top + " " + count + " " + past + " " + below);
        }
        long ws = 0;
        for (int i = 0; i < n; i++) {
            ws += w[i] * (i % 5 + 1);
        }
        System.out.println("w " + ws + " " + w[0] + " " + w[n - 1]);
    }
}
