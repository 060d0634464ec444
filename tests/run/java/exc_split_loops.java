// args: 40000 20001
// throws-at: 39:22
// A split host loop (eighty-ninth session) whose first part, the reduction, divides by an
// element that is zero from the second round at index 20,001: Java's ArithmeticException
// comes from the first part, before the stores of that iteration, on every placement.
class Main {
    static int[] divisors(int[] a, int stop) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            out[i] = g == stop ? 0 : a[i] % 5 + 1;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int stop = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 97;
        }
        int[] y = new int[n];
        for (int r = 0; r < 3; r++) {
            int[] d = divisors(a, r == 1 ? stop : -1);
            // Stores, then a sum of what they stored.
            int s = 0;
            for (int i = 0; i < n; i++) {
                y[i] = a[i] * 3 + d[i];
                s += y[i] & 7;
            }
            // Stores of `r` into `a` where the next round's call reads it.
            for (int i = 0; i < n; i++) {
                a[i] = a[i] + d[i];
            }
            // A sum that divides, then stores into the array it read.
            int q = 0;
            for (int i = 0; i < n; i++) {
                q += 1000 / d[i] + y[i];
                y[i] = y[i] ^ d[i];
            }
            System.out.println(r + " " + s + " " + q);
        }
        System.out.println(y[0] + y[n - 1]);
    }
}
