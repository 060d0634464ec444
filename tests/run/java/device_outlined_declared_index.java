// args: 30000 4
// Host loops over SOMD results whose index is declared before them (`int i; for (i = 0;
// ..)`) run as SOMD methods of their own where no statement after the loop reads the
// index (ninetieth session): a sum, stores, stores stepping down and a maximum with a
// `continue`, sharing one index with the host's fill and final loops. Loops that stay on
// the host: one whose index the program prints after it, and one whose index a later loop
// starts from (`for (k = k - 1; ..)` reads it).
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
        int i;
        int j = 0;
        int k = 7;
        int[] p = new int[n];
        for (i = 0; i < n; i++) {
            p[i] = i * 7919 % 100003;
        }
        int[] y = new int[n];
        int[] z = new int[n];
        long s = 0;
        int mx = Integer.MIN_VALUE;
        long back = 0;
        for (int r = 0; r < rounds; r++) {
            p = step(p, r);
            for (i = 0; i < n; i++) {
                s += p[i] % 1000;
            }
            for (i = 0; i < n; i++) {
                y[i] += (p[i] & 1023) - 512;
            }
            for (i = n - 1; i >= 0; i--) {
                z[i] = (p[i] >> 5) ^ y[i];
            }
            for (i = 0; i < n; i++) {
                if (y[i] < 0) {
                    continue;
                }
                mx = Math.max(mx, y[i] + z[i] % 3);
            }
            for (j = 0; j < n; j++) {
                if (p[j] == 12345) {
                    back++;
                }
            }
            for (k = 0; k < n; k++) {
                back += p[k] & 3;
            }
            for (k = k - 1; k >= n - 10; k--) {
                back += k;
            }
        }
        long t = 0;
        for (i = 0; i < n; i++) {
            t += (y[i] + 3L * z[i]) * (i % 13);
        }
        System.out.println(s + " " + mx + " " + back + " " + j + " " + k);
        System.out.println(t);
    }
}
