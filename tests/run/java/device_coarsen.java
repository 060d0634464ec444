// Java twin of device_coarsen.somd: `@` is a loop building an array, `op !` a fold from the
// operator's identity, a SOMD method one method instance over the whole arrays.
final class Pair {
    final int lo;
    final long hi;

    Pair(int lo, long hi) {
        this.lo = lo;
        this.hi = hi;
    }
}

class Main {
    static int square(int x) {
        return x * x;
    }

    static Pair split(int x) {
        return new Pair(x % 1009, (long) x * x * 7919);
    }

    static int loOf(Pair p) {
        return p.lo;
    }

    static long hiOf(Pair p) {
        return p.hi;
    }

    static double eighths(int x) {
        return (x % 13) * 0.125;
    }

    static boolean small(int x) {
        return x < 1000000;
    }

    static int wrapSum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * 1000003;
        }
        return s;
    }

    static long largest(int[] a) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, (long) a[i] * 31 + 7);
        }
        return m;
    }

    static int mix(int[] a) {
        int x = 0;
        for (int i = 0; i < a.length; i++) {
            x ^= a[i] * 0x9E3779B1;
        }
        return x;
    }

    static long grid(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * 3L;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[] sizes = {1, 255, 257, 4099, 100003, 300007};
        for (int k = 0; k < sizes.length; k++) {
            int n = sizes[k];
            int[] raw = new int[n];
            for (int i = 0; i < n; i++) {
                raw[i] = (int) ((i * 2654435761L) % 1000003) - 500000;
            }
            int[] a = raw.clone();

            int sq = 0;
            int sqMin = Integer.MAX_VALUE;
            double d = 0.0;
            boolean all = true;
            for (int i = 0; i < n; i++) {
                sq = sq + square(a[i]);
            }
            for (int i = 0; i < n; i++) {
                sqMin = Math.min(sqMin, square(a[i]));
            }
            for (int i = 0; i < n; i++) {
                d = d + eighths(a[i]);
            }
            for (int i = 0; i < n; i++) {
                all = all && small(a[i]);
            }

            Pair[] ps = new Pair[n];
            for (int i = 0; i < n; i++) {
                ps[i] = split(a[i]);
            }
            int los = 0;
            long his = Long.MIN_VALUE;
            long hisSum = 0;
            for (int i = 0; i < n; i++) {
                los = los + loOf(ps[i]);
            }
            for (int i = 0; i < n; i++) {
                his = Math.max(his, hiOf(ps[i]));
            }
            for (int i = 0; i < n; i++) {
                hisSum = hisSum + hiOf(ps[i]);
            }

            int rows = n / 97 + 1;
            int[][] m = new int[rows][97];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < 97; j++) {
                    m[i][j] = raw[(i * 97 + j) % n];
                }
            }

            System.out.println("n=" + n + " sq " + sq + " " + sqMin + " d " + d + " all " + all);
            System.out.println("  pairs " + los + " " + his + " " + hisSum + " last " + ps[n - 1].lo);
            System.out.println("  somd " + wrapSum(raw) + " " + largest(raw) + " " + mix(raw)
                + " " + grid(m));
        }
    }
}
