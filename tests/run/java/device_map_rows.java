// The sequential meaning of `device_map_rows`: each `@` a loop over the rows.
// `@` over the rows of mutable matrices (`int[][]`, `double[][]`, `char[][]`, `byte[][]`)
// whose targets only read them: a device call each, rectangular matrices row-major, ragged
// ones through the kernel's ragged variant (rows packed with their offsets), fused into a
// `+ !` too. Rows replaced or written between calls are read anew; aliased rows are read
// twice. A target writing the row it maps runs on the CPU, in Java's order.
class Main {
    static int rowSum(int[] row) {
        int s = 0;
        for (int j = 0; j < row.length; j++) {
            s += row[j] * (j + 1);
        }
        return s;
    }

    static double norm(double[] v, double scale) {
        double s = 0;
        for (int j = 0; j < v.length; j++) {
            s += v[j] * v[j];
        }
        return Math.sqrt(s) * scale;
    }

    static int pick(char[] row, int at) {
        return row[at] + row.length;
    }

    static long mixed(byte[] b, int[] w) {
        long s = 0;
        for (int j = 0; j < b.length; j++) {
            s += (long) b[j] * w[j % w.length];
        }
        return s;
    }

    static int bump(int[] row) {
        row[0] += 1;
        return row[0];
    }

    static int[] mapRowSum(int[][] m) {
        int[] r = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = rowSum(m[i]);
        }
        return r;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    static long lsum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[300][];
        for (int i = 0; i < m.length; i++) {
            m[i] = new int[i % 17];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i * 31 - j * 7;
            }
        }
        int[] sums = mapRowSum(m);
        System.out.println(sums[0] + " " + sums[5] + " " + sums[299] + " " + sums.length);
        System.out.println(sum(mapRowSum(m)));
        m[7] = m[3];
        m[8] = new int[] {5, 6, 7};
        System.out.println(sum(mapRowSum(m)));

        int[][] r = new int[200][40];
        for (int i = 0; i < r.length; i++) {
            for (int j = 0; j < 40; j++) {
                r[i][j] = (i ^ j) - 20;
            }
        }
        long total = 0;
        for (int round = 0; round < 5; round++) {
            total += sum(mapRowSum(r));
        }
        System.out.println(total);
        for (int round = 0; round < 5; round++) {
            r[round][round] += 1000;
            total += sum(mapRowSum(r));
        }
        System.out.println(total);

        double[][] d = new double[64][33];
        for (int i = 0; i < d.length; i++) {
            for (int j = 0; j < d[i].length; j++) {
                d[i][j] = (i + 1) * 0.25 - j * 0.5;
            }
        }
        double[] ns = new double[d.length];
        for (int i = 0; i < d.length; i++) {
            ns[i] = norm(d[i], 2.0);
        }
        System.out.println(ns[0] + " " + ns[63]);

        char[][] c = new char[10][5];
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < 5; j++) {
                c[i][j] = (char) ('a' + i + j);
            }
        }
        int[] ps = new int[c.length];
        for (int i = 0; i < c.length; i++) {
            ps[i] = pick(c[i], 4);
        }
        System.out.println(ps[0] + " " + ps[9]);

        byte[][] b = new byte[20][40];
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < 40; j++) {
                b[i][j] = (byte) (i * 40 + j);
            }
        }
        int[] w = {3, -1, 4, -1, 5};
        long[] ms = new long[b.length];
        for (int i = 0; i < b.length; i++) {
            ms[i] = mixed(b[i], w);
        }
        System.out.println(ms[0] + " " + ms[19] + " " + lsum(ms));

        int[][] empty = new int[0][];
        System.out.println(mapRowSum(empty).length);

        int[][] twice = new int[4][];
        twice[0] = new int[] {1};
        twice[1] = twice[0];
        twice[2] = new int[] {10, 20};
        twice[3] = twice[0];
        int[] bumped = new int[twice.length];
        for (int i = 0; i < twice.length; i++) {
            bumped[i] = bump(twice[i]);
        }
        System.out.println(bumped[0] + " " + bumped[1] + " " + bumped[2] + " " + bumped[3]
                + " " + twice[0][0]);
    }
}
