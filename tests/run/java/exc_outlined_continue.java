// args: 20000 4
// throws-at: 37:26
// Host loops over a SOMD result that leave iterations with `continue` run as SOMD methods
// of their own (ninetieth session). In the last round the result is zero from element 500
// on: the store loop skips every zero, and the sum skips those below element 777 only, so
// it divides by zero at element 777: Java's ArithmeticException there, on every
// placement, after the earlier rounds' totals (an iteration a `continue` leaves evaluates
// nothing after it).
class Main {
    static int[] count(int[] a, int k) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (o + i) >= 500 && k == 3 ? 0 : a[i] * k + 1;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 13;
        }
        int[] q = new int[n];
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            int[] d = count(a, r);
            for (int i = 0; i < n; i++) {
                if (d[i] == 0) continue;
                q[i] += 1000 / d[i];
            }
            System.out.println("round " + r + " " + total + " " + q[n - 1] + " " + q[499]);
            for (int i = 0; i < n; i++) {
                if (i < 777 && d[i] == 0) continue;
                total += 1000000 / d[i];
            }
        }
        System.out.println("done " + total);
    }
}
