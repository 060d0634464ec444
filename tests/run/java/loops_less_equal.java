// args: 100003
// Loops tested with `i <= hi` (up by 1 and by 3, with the index plus or minus a
// constant, empty ranges near `Integer.MIN_VALUE`) in host code and in a SOMD method's
// body: the CPU back end runs them without element checks where every access is in bounds
// for the range, `hi + 1` an `int` (eighty-eighth session), and they give Java's results.
class Main {
    static long total(int[] a, int k) {
        long s = 0;
        for (int i = 0; i <= a.length - 1; i++) {
            s += a[i] * (long) k;
        }
        return s;
    }

    static int[] spread(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i + 1 <= a.length; i++) {
            r[i] = a[i] * 3 - 7;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] x = new int[n];
        for (int i = 0; i <= n - 1; i++) {
            x[i] = (i * 37) % 1001 - 500;
        }
        int[] y = new int[n];
        for (int i = 0; i + 1 <= n - 1; i++) {
            y[i] = x[i + 1] - x[i];
        }
        long s = 0;
        for (int i = 1; i <= n; i++) {
            s += x[i - 1];
        }
        for (int i = 2; i <= n - 1; i += 3) {
            y[i] ^= 5;
        }
        int lowest = Integer.MIN_VALUE + 3;
        int never = 0;
        for (int i = 0; i + 5 <= lowest; i++) {
            never += x[i];
        }
        for (int i = -3; i <= lowest; i++) {
            never += x[i];
        }
        long h = 0;
        for (int i = 0; i <= n - 1; i++) {
            h = h * 31 + y[i];
        }
        System.out.println(s + " " + h + " " + never);
        System.out.println(total(x, 3) + " " + total(y, -2));
        int[] z = spread(x);
        long g = 0;
        for (int i = 0; i <= z.length - 1; i++) {
            g = g * 17 + z[i];
        }
        System.out.println(g);
    }
}
