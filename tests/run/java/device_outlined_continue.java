// args: 30000 4
// Host loops over SOMD results that leave iterations early with `continue` run as SOMD
// methods of their own (ninetieth session): a sum skipping elements, stores that set an
// element and continue or fall through to an update, a maximum, a loop stepping down by 2,
// a flag and a `continue` in an `else`. Loops that stay on the host: one storing and
// counting (a split's first loop would skip the second's statements too) and a
// floating-point sum (another order rounds differently).
class Main {
    static int[] step(int[] p, int k) {
        int[] r = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            r[i] = p[i] * 1103515245 + k * 12345 + (p[i] >>> 9);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i * 7919 % 100003;
        }
        int[] y = new int[n];
        int[] z = new int[n];
        int[] kept = new int[n];
        long s = 0;
        int mx = Integer.MIN_VALUE;
        boolean found = false;
        long small = 0;
        int counted = 0;
        double f = 0;
        for (int r = 0; r < rounds; r++) {
            p = step(p, r);
            for (int i = 0; i < n; i++) {
                if (p[i] % 3 == 0) {
                    continue;
                }
                s += p[i] % 1000;
            }
            for (int i = 0; i < n; i++) {
                int v = p[i] & 1023;
                if (v < 100) {
                    y[i] = -1;
                    continue;
                }
                y[i] += v / (p[i] % 7 == 0 ? 1 : 2);
            }
            for (int i = 0; i < n; i++) {
                if (y[i] < 0) continue;
                if (y[i] > mx) mx = y[i];
            }
            for (int i = n - 1; i >= 0; i -= 2) {
                if (p[i] < 0) continue;
                z[i] = (p[i] >> 3) + r;
            }
            for (int i = 0; i < n; i++) {
                if ((p[i] & 1) == 0) continue;
                if ((p[i] & 4095) == 77) found = true;
            }
            for (int i = 0; i < n; i++) {
                int v = p[i] & 15;
                if (v > 5) {
                    small += v;
                } else {
                    continue;
                }
                small += i & 7;
            }
            for (int i = 0; i < n; i++) {
                if (p[i] < 0) continue;
                kept[i] = p[i] % 100;
                counted++;
            }
            for (int i = 0; i < n; i++) {
                if (p[i] % 5 == 0) continue;
                f += (p[i] & 255) * 0.1;
            }
        }
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += (y[i] + 3L * z[i] + kept[i]) * (i % 13);
        }
        System.out.println(s + " " + mx + " " + found + " " + small + " " + counted);
        System.out.println(t + " " + f);
    }
}
