// args: 100000 80090 2147475438 0 -2147479659
// Host loops over a SOMD result whose index wraps past the ends of `int` (review 160):
// stepping up by 2147461873 to `i <= hi` near `Integer.MAX_VALUE`, the index passes the
// top from inside the array, so Java's loop goes on from a negative index in whatever
// CPU MI took the last index below the top (the CPU path now runs such a loop as one
// MI); stepping down by 100003 to a bound near `Integer.MIN_VALUE`, it passes the bottom
// and goes on from near the top (the device now declines such a launch). Every placement
// gives Java's results.
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int start = Integer.parseInt(args[1]);
        int hi = Integer.parseInt(args[2]);
        int top = Integer.parseInt(args[3]);
        int lo = Integer.parseInt(args[4]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 7;
        }
        for (int r = 0; r < 2; r++) {
            int[] p = step(a, r);
            long up = 0;
            for (int i = start; i <= hi; i += 2147461873) {
                up += (i >= 0 && i < n) ? p[i] : 1;
            }
            long down = 0;
            for (int i = top; i >= lo; i -= 100003) {
                down += (i >= 0 && i < n) ? p[i] : 1;
            }
            long plain = 0;
            for (int i = start; i < n; i += 3) {
                plain += p[i];
            }
            System.out.println(up + " " + down + " " + plain);
            a = p;
        }
    }
}
