// args: 30000 4
// Host loops over SOMD results storing away from their index, each store of the loop at
// the same place `w[i + c]` and its reads of `w` there too, run as SOMD methods of their
// own (ninetieth session): differences `e[i - 1] = p[i] - p[i - 1]`, an update `d[i + 2]
// += ..` reading its element, stores stepping down to `f[i - 1]` with a `continue`. Loops
// that stay on the host: a running sum `g[i + 1] = g[i] + p[i]` (it reads another
// element of what it stores) and stores to two places of one array.
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
        int[] e = new int[n];
        int[] d = new int[n + 2];
        int[] f = new int[n];
        int[] g = new int[n];
        int[] y = new int[n + 1];
        for (int r = 0; r < rounds; r++) {
            p = step(p, r);
            for (int i = 1; i < n; i++) {
                e[i - 1] = p[i] - p[i - 1];
            }
            for (int i = 0; i < n; i++) {
                d[i + 2] += (p[i] & 255) + d[i + 2] / 3;
            }
            for (int i = n - 1; i >= 1; i--) {
                if ((p[i] & 3) == 0) {
                    continue;
                }
                f[i - 1] = (p[i] >> 2) + f[i - 1] % 5;
            }
            for (int i = 0; i < n - 1; i++) {
                g[i + 1] = g[i] + (p[i] & 15);
            }
            for (int i = 0; i < n; i++) {
                y[i] = p[i] & 7;
                y[i + 1] = p[i] & 3;
            }
        }
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += (e[i] + 3L * d[i] + 7L * f[i] + 11L * g[i] + 13L * y[i]) * (i % 13);
        }
        System.out.println(t + " " + d[n + 1] + " " + g[n - 1] + " " + y[n]);
    }
}
