// args: 30000 4
// Host loops over SOMD results that set a boolean flag under a condition (`if (c) found =
// true;`, `if (c) ok = false;`, in nested tests, stepping down, over half the range, from a
// flag already set) run as SOMD methods of their own, reductions with `||` and `&&` (eighty-seventh
// session); a flag set one way and cleared another, or read in the loop, stays on the
// host. Every placement gives Java's results.
class Main {
    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 31 + k * 7) % 1009;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 1009;
        }
        for (int r = 0; r < rounds; r++) {
            int[] p = step(a, r);
            boolean changed = false;
            for (int i = 0; i < n; i++) {
                if (p[i] != a[i]) {
                    changed = true;
                }
            }
            boolean small = true;
            for (int i = 0; i < n; i++) {
                if (p[i] >= 1006 + r) {
                    small = false;
                }
            }
            boolean hit = false;
            for (int i = 0; i < n; i++) {
                if (p[i] % 2 == 0) {
                    if (p[i] == 2 * r + 1000) {
                        hit = true;
                    }
                } else if (p[i] == 3 * r) {
                    hit = true;
                }
            }
            boolean never = false;
            for (int i = n - 1; i >= 0; i--) {
                if (p[i] < 0) {
                    never = true;
                }
            }
            boolean late = r == 3;
            for (int i = 0; i < n / 2; i++) {
                if (p[i] > 1010) {
                    late = true;
                }
            }
            boolean flip = false;
            for (int i = 0; i < n; i++) {
                if (p[i] > 500) {
                    flip = true;
                } else if (p[i] < 3) {
                    flip = false;
                }
            }
            boolean seen = false;
            int after = 0;
            for (int i = 0; i < n; i++) {
                if (seen) {
                    after++;
                }
                if (p[i] == 17) {
                    seen = true;
                }
            }
            System.out.println(r + ": " + changed + " " + small + " " + hit + " " + never + " "
                    + late + " " + flip + " " + after);
            a = p;
        }
    }
}
