// Java twin of device_statics.somd.
class Main {
    static final int SEED = (int) Math.sqrt(1234567.0);
    static final double SCALE = Math.sqrt(2.0);
    static final long BIG = 1L << 40 | SEED;
    static final boolean ODD = SEED % 2 == 1;
    static final char MARK = (char) ('A' + SEED % 26);
    static final byte SMALL = (byte) (SEED * 3);
    static final float HALF = (float) SCALE / 2;
    static final int[] WEIGHTS = table(16);
    static final double[] POLY = new double[]{0.5, -1.25, 0.75, 2.0};
    static final int[][] GRID = grid(5, 7);
    // Computed on the device (when placed there) before `LATE` is assigned.
    static final int[] EARLY = earlyAll(new int[]{1, 2, 3, 4});
    static final int LATE = 1000 + SEED;
    static final int MASK = (1 << (SEED % 5 + 12)) - 1;
    static final int ROUNDS = SEED % 3 + 2;
    // Ragged: not in the statics buffer, so only the kernel reading it runs on the CPU.
    static final int[][] RAGGED = new int[][]{{1, 2}, {3}};

    static int[] table(int n) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = (i * 37 + SEED) % 101;
        }
        return t;
    }

    static int[][] grid(int rows, int cols) {
        int[][] g = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] = i * 10 + j + SEED % 7;
            }
        }
        return g;
    }

    static int rag(int x) {
        return RAGGED[x & 1][0] + x;
    }

    static int early(int x) {
        return x * 100 + LATE;
    }

    static int[] earlyAll(int[] xs) {
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) r[i] = early(xs[i]);
        return r;
    }

    // A static array passed to a helper, and read directly.
    static double horner(double[] p, double x) {
        double s = 0;
        for (int k = p.length - 1; k >= 0; k--) {
            s = s * x + p[k];
        }
        return s;
    }

    static double half(float h) {
        return h * 0.5;
    }

    static double curve(double x) {
        return horner(POLY, x) * SCALE + POLY[POLY.length - 1] + half(HALF);
    }

    static long mix(int x) {
        int w = WEIGHTS[x & 15] + GRID[x % GRID.length][x % GRID[0].length];
        long v = (long) w * BIG + (ODD ? MARK : -MARK) + SMALL;
        return v ^ (v >>> 7);
    }

    static int look(int x) {
        return WEIGHTS[(x >>> 4) & 15] - WEIGHTS[x & 15];
    }

    static double unit(int x) {
        return (x % 1000) / 1000.0 + WEIGHTS[x & 15] * 0.001;
    }

    // Keeps the element of larger weight, the left one on ties (associative).
    static int heavier(int a, int b) {
        return WEIGHTS[b & 15] > WEIGHTS[a & 15] ? b : a;
    }

    static int weighed(int[] key, int[] row, int k) {
        return (key[0] * row[0] + row[1] * WEIGHTS[k & 15]) & 0xffff;
    }

    // Addition modulo a power of two (associative, cannot throw).
    static int blend(int a, int b) {
        return (a + b) & MASK;
    }

    static int strongest(int[] key, int[][] table) {
        if (table.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int r = weighed(key, table[0], 0);
        for (int k = 1; k < table.length; k++) r = blend(r, weighed(key, table[k], k));
        return r;
    }

    // A SOMD loop with a reduction.
    static long score(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) WEIGHTS[a[i] & 15] * a[i] + GRID[a[i] % 5][a[i] % 7] + BIG % 1000;
        }
        return s;
    }

    // A histogram whose entries are chosen through a static table.
    static int[] buckets(int[] a) {
        int[] h = new int[16];
        for (int i = 0; i < a.length; i++) {
            h[WEIGHTS[a[i] & 15] & 15] += 1;
        }
        return h;
    }

    // A `sync` body: every step's kernels read the tables.
    static int[] relax(int[] a, int[] b, int steps) {
        for (int p = 0; p < steps; p++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = (a[i - 1] * WEIGHTS[p & 15] + a[i + 1] + GRID[p % 5][a[i] % 7]) % 10007;
                }
            }
            {
                for (int i = 1; i < a.length - 1; i++) {
                    a[i] = (b[i] + LATE) % 10007;
                }
            }
        }
        return a;
    }

    // The host loop's bound and the statements the host runs between the launches read
    // static fields (Java arithmetic on the host, the same values the kernels read from
    // the statics buffer).
    static long[] rescale(long[] a) {
        long total = 0;
        for (int p = 0; p < ROUNDS; p++) {
            total = 0;
            {
                for (int i = 0; i < a.length; i++) total += a[i];
            }
            total = total * SEED + WEIGHTS[p % WEIGHTS.length] + GRID[1][2] + (ODD ? 1 : MARK);
            long keep = total % 1000 + WEIGHTS.length;
            {
                for (int i = 0; i < a.length; i++) a[i] = a[i] % keep + MASK;
            }
        }
        return a;
    }

    static int[][] rows(int count, int seed) {
        int[][] out = new int[count][2];
        for (int i = 0; i < count; i++) {
            out[i][0] = (i * seed + 11) % 997;
            out[i][1] = (i * 7 + seed) % 1013;
        }
        return out;
    }

    public static void main(String[] args) {
        System.out.println("early " + EARLY[0] + " " + EARLY[3] + " late " + LATE);
        int n = 20000;
        int[] xs = new int[n];
        double[] ds = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i * 7919 + SEED) % 100003;
            ds[i] = (i % 200) * 0.01 - 1.0;
        }
        int[] vx = xs.clone();
        double[] c = new double[n];
        for (int i = 0; i < n; i++) c[i] = curve(ds[i]);
        System.out.println("curve " + c[0] + " " + c[1234] + " " + c[n - 1]);
        long[] m = new long[n];
        for (int i = 0; i < n; i++) m[i] = mix(vx[i]);
        System.out.println("mix " + m[0] + " " + m[777] + " " + m[n - 1]);
        // Fused statements, and a fused `@` pair.
        long total = 0;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            total += mix(vx[i]);
            lo = Math.min(lo, look(vx[i]));
            hi = Math.max(hi, look(vx[i]));
        }
        System.out.println("fused " + total + " " + lo + " " + hi);
        double[] cu = new double[n];
        for (int i = 0; i < n; i++) cu[i] = curve(unit(vx[i]));
        System.out.println("pair " + cu[0] + " " + cu[4321] + " " + cu[n - 1]);
        int heaviest = vx[0];
        for (int i = 1; i < n; i++) heaviest = heavier(heaviest, vx[i]);
        System.out.println("heaviest " + heaviest);
        System.out.println("score " + score(xs));
        int[] h = buckets(xs);
        long hc = 0;
        for (int i = 0; i < h.length; i++) {
            hc = hc * 31 + h[i];
        }
        System.out.println("buckets " + h[0] + " " + h[15] + " " + hc);
        int[] a = new int[5000];
        int[] b = new int[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 13) % 10007;
        }
        int[] r = relax(a, b, 6);
        long rc = 0;
        for (int i = 0; i < r.length; i++) {
            rc = rc * 31 + r[i];
        }
        System.out.println("relax " + r[1] + " " + r[2500] + " " + rc);
        long[] la = new long[3000];
        for (int i = 0; i < la.length; i++) {
            la[i] = (i * 31L) % 977;
        }
        long[] rs = rescale(la);
        System.out.println("rescale " + rs[0] + " " + rs[1500] + " " + rs[2999]);
        int[][] keys = rows(300, 5);
        int[][] tab = rows(1001, 3);
        int[] s = new int[keys.length];
        for (int i = 0; i < s.length; i++) s[i] = strongest(keys[i], tab);
        long sc = 0;
        for (int i = 0; i < s.length; i++) {
            sc = sc * 31 + s[i];
        }
        System.out.println("strongest " + s[0] + " " + s[299] + " " + sc);
        int[] rg = new int[3];
        for (int i = 0; i < 3; i++) rg[i] = rag(i + 5);
        System.out.println("ragged " + rg[0] + " " + rg[1] + " " + rg[2]);
    }
}

class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}
