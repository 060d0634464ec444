// Java twin of device_labels.somd: value arrays are plain arrays, `@` a loop, and a SOMD
// method one method instance over the whole arrays.
import java.util.Random;

class Main {
    // Pairs of `b` summing to each element: leaves both loops at the first pair.
    static int[] pairs(int[] a, int[] b) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int found = -1;
            search:
            for (int j = 0; j < b.length; j++) {
                for (int k = j; k < b.length; k++) {
                    if (b[j] + b[k] == a[i]) {
                        found = j * 1000 + k;
                        break search;
                    }
                }
            }
            out[i] = found;
        }
        return out;
    }

    // Counts rows of `m` (as a flat table of `w` columns) whose prefix up to the first
    // negative cell sums above `a[i]`: `continue rows` abandons a row.
    static long rows(int[] a, int[] m, int w) {
        long c = 0;
        for (int i = 0; i < a.length; i++) {
            rows:
            for (int r = 0; r < m.length / w; r++) {
                int s = 0;
                for (int k = 0; k < w; k++) {
                    int v = m[r * w + k];
                    if (v < 0) {
                        continue rows;
                    }
                    s += v;
                    if (s > a[i]) {
                        c += r + 1;
                        continue rows;
                    }
                }
                c -= 1;
            }
        }
        return c;
    }

    // A labelled block left early, a labelled `do`/`while` continued, in a `@` target.
    static int steps(int x) {
        int n = 0;
        check: {
            if (x < 0) {
                n = -1;
                break check;
            }
            n = x % 7;
        }
        int v = x & 0xffff;
        int t = 0;
        walk:
        do {
            v = v * 5 + 1 & 0xffff;
            t++;
            for (int k = 0; k < 3; k++) {
                if ((v >> k & 1) == 0) {
                    continue walk;
                }
            }
            n += v & 7;
        } while (t < 20);
        return n * 100 + t;
    }

    // `continue each` of the parallel loop itself ends the iteration from an inner loop.
    static int[] firstEven(int[] a, int[] b) {
        int[] out = new int[a.length];
        each:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                if ((a[i] + b[j]) % 2 == 0) {
                    out[i] = j;
                    continue each;
                }
            }
            out[i] = -1;
        }
        return out;
    }

    // Subtractions and decrements are contributions to a `+` reduction (halves of `int`s:
    // every partial sum is exact, so any order gives Java's bits).
    static double drift(int[] a) {
        double d = 0;
        long k = 0;
        for (int i = 0; i < a.length; i++) {
            d -= a[i] * 0.5;
            d++;
            k -= a[i];
            k--;
        }
        return d + k;
    }

    // `break each` leaves the parallel loop (never, for these data: a break's result would
    // depend on the partition): on the CPU, with the reason.
    static int[] upToOdd(int[] a) {
        int[] out = new int[a.length];
        each:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < 3; j++) {
                if (a[i] == 1234567 + j) {
                    break each;
                }
            }
            out[i] = a[i] + 1;
        }
        return out;
    }

    // `continue cell` of the loop of a `sync` body inside an iteration loop: a jump to a
    // label inside the iteration loop's body does not leave it, so the barrier is reached
    // by every method instance.
    static long[] settle(long[] a, int steps) {
        for (int s = 0; s < steps; s++) {
            {
                cell:
                for (int i = 0; i < a.length; i++) {
                    for (int k = 0; k < 3; k++) {
                        if (a[i] > 5000) {
                            continue cell;
                        }
                        a[i] = a[i] * 2 + k;
                    }
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 9, 300, 4001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            Random random = new Random(5 + n);
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = random.nextInt(200) - 10;
            }
            int[] b = new int[37];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(100);
            }
            int w = 6;
            int[] m = new int[w * 50];
            for (int i = 0; i < m.length; i++) {
                m[i] = random.nextInt(60) - 5;
            }
            int[] p = pairs(a, b);
            int[] s = new int[n];
            for (int i = 0; i < n; i++) {
                s[i] = steps(a[i]);
            }
            int[] e = firstEven(a, b);
            long ph = 0;
            long sh = 0;
            long eh = 0;
            for (int i = 0; i < n; i++) {
                ph = ph * 31 + p[i];
                sh = sh * 31 + s[i];
                eh = eh * 31 + e[i];
            }
            int[] u = upToOdd(a);
            long uh = 0;
            for (int i = 0; i < n; i++) {
                uh = uh * 31 + u[i];
            }
            long[] c = new long[n];
            for (int i = 0; i < n; i++) {
                c[i] = a[i];
            }
            long[] d = settle(c, 4);
            long dh = 0;
            for (int i = 0; i < n; i++) {
                dh = dh * 31 + d[i];
            }
            System.out.println(n + ": " + ph + " " + rows(a, m, w) + " " + sh + " " + eh + " "
                + drift(a) + " " + uh + " " + dh);
        }
    }
}
