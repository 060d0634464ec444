// Java twin of device_ragged_maps.somd: each `@` is a loop over the rows, a value array a
// plain array; `op !` folds from the operator's identity.
import java.util.Random;

class Main {
    static int weigh(int[] row, int bias) {
        int s = bias;
        for (int i = 0; i < row.length; i++) {
            s += row[i] * (i + 1);
        }
        return s;
    }

    static double mean(double[] row) {
        if (row.length == 0) {
            return -1.0;
        }
        double s = 0.0;
        for (int i = 0; i < row.length; i++) {
            s += row[i];
        }
        return s / row.length;
    }

    static long dot(int[] a, long[] b) {
        long s = 0;
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            s += a[i] * b[i];
        }
        return s * 3 + a.length - b.length;
    }

    static int shape(int[] row, int[] fixed) {
        return row.length * 1000 + fixed.length * 10 + (fixed.length > 0 ? fixed[0] : 0);
    }

    static long sq(int x) {
        return (long) x * x;
    }

    static long energy(int[] row) {
        long s = 0;
        for (int i = 0; i < row.length; i++) {
            s += sq(row[i]);
        }
        return s;
    }

    static int twice(int x) {
        return x * 2 + 1;
    }

    static int pick(int[] row, int k) {
        return row[k] + 1;
    }

    public static void main(String[] args) {
        Random rnd = new Random(42);
        int n = 5000;
        int[][] m = new int[n][];
        long[][] l = new long[n][];
        double[][] d = new double[n][];
        int[][] f = new int[n][3];
        for (int r = 0; r < n; r++) {
            m[r] = new int[rnd.nextInt(40)];
            for (int i = 0; i < m[r].length; i++) {
                m[r][i] = rnd.nextInt(2000) - 1000;
            }
            l[r] = new long[rnd.nextInt(25)];
            for (int i = 0; i < l[r].length; i++) {
                l[r][i] = rnd.nextLong() >> 20;
            }
            d[r] = new double[rnd.nextInt(30)];
            for (int i = 0; i < d[r].length; i++) {
                d[r][i] = rnd.nextGaussian();
            }
            f[r][0] = r;
        }

        for (int rep = 0; rep < 3; rep++) {
            int[] w = new int[n];
            for (int r = 0; r < n; r++) {
                w[r] = weigh(m[r], rep * 7);
            }
            long sum = 0;
            for (int r = 0; r < n; r++) {
                sum += w[r] * (long) (r % 13 + 1);
            }
            System.out.println("weigh " + rep + ": " + sum + " " + w[0] + " " + w[n - 1]);
        }
        int total = 0;
        for (int r = 0; r < n; r++) {
            total += weigh(m[r], 1);
        }
        System.out.println("+ ! weigh: " + total);

        double[] means = new double[n];
        for (int r = 0; r < n; r++) {
            means[r] = mean(d[r]);
        }
        double msum = 0.0;
        for (int r = 0; r < n; r++) {
            msum += means[r];
        }
        System.out.println("means: " + msum + " " + means[0] + " " + means[7]);

        long[] dots = new long[n];
        for (int r = 0; r < n; r++) {
            dots[r] = dot(m[r], l[r]);
        }
        long dsum = 0;
        for (int r = 0; r < n; r++) {
            dsum = dsum * 31 + dots[r];
        }
        System.out.println("dots: " + dsum);

        int[] shapes = new int[n];
        for (int r = 0; r < n; r++) {
            shapes[r] = shape(m[r], f[r]);
        }
        long ssum = 0;
        for (int r = 0; r < n; r++) {
            ssum += shapes[r];
        }
        System.out.println("shapes: " + ssum + " " + shapes[1]);

        long[] energies = new long[n];
        for (int r = 0; r < n; r++) {
            energies[r] = energy(m[r]);
        }
        long esum = 0;
        for (int r = 0; r < n; r++) {
            esum ^= energies[r] + r;
        }
        System.out.println("energies: " + esum + " " + energies[2]);

        int[] chained = new int[n];
        for (int r = 0; r < n; r++) {
            chained[r] = twice(weigh(m[r], 5));
        }
        long csum = 0;
        for (int r = 0; r < n; r++) {
            csum += chained[r];
        }
        System.out.println("chained: " + csum);

        int[] picked = new int[n];
        for (int r = 0; r < n; r++) {
            picked[r] = pick(m[r], 4);
        }
        System.out.println("picked: " + picked[0]);
    }
}
