// Java twin of device_keep_ragged.somd: each `@` is a loop over the rows, each `+ !` a
// sum in element order.
class Main {
    static int weigh(int[] row, int bias) {
        int s = bias;
        for (int i = 0; i < row.length; i++) {
            s += row[i] * (i + 1);
        }
        return s;
    }

    static long squares(long[] row) {
        long s = 0;
        for (int i = 0; i < row.length; i++) {
            s += row[i] * row[i] - i;
        }
        return s;
    }

    static int[] weighAll(int[][] m, int bias) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            out[i] = weigh(m[i], bias);
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 300;
        int[][] tri = new int[n][];
        for (int i = 0; i < n; i++) {
            tri[i] = new int[i % 11];
            for (int k = 0; k < tri[i].length; k++) {
                tri[i][k] = (i * 7 + k * 3) % 101 - 50;
            }
        }
        long t = 0;
        for (int it = 0; it < 4; it++) {
            int[] w = weighAll(tri, it);
            t = t * 31 + w[n - 1] + w[n / 2];
        }
        System.out.println("rows " + t);
        long[][] lit = {{1, 2, 3}, {}, new long[4], {-5, 6}, {7}};
        for (int it = 0; it < 3; it++) {
            long sum = 0;
            for (int i = 0; i < lit.length; i++) {
                sum += squares(lit[i]);
            }
            t = t * 31 + sum + it;
        }
        System.out.println("literal " + t);
        for (int it = 0; it < 3; it++) {
            int[] w = weighAll(tri, it);
            t = t * 31 + w[it] + w[n - 1];
            tri[it] = new int[it + 2];
            tri[it][it] = 40 + it;
        }
        System.out.println("replaced " + t);
        for (int it = 0; it < 3; it++) {
            int[] w = weighAll(tri, it);
            t = t * 31 + w[0] + w[1] + w[2];
        }
        System.out.println("again " + t);
        int[][] named = new int[n][];
        for (int i = 0; i < n; i++) {
            named[i] = new int[i % 5 + 1];
        }
        int[] third = named[3];
        for (int it = 0; it < 3; it++) {
            int[] w = weighAll(named, it);
            t = t * 31 + w[3];
            third[0] = it + 9;
        }
        System.out.println("named " + t);
        int[][] chained = new int[n][];
        int[] last = new int[1];
        for (int i = 0; i < n; i++) {
            last = (chained[i] = new int[i % 3 + 1]);
        }
        for (int it = 0; it < 3; it++) {
            int[] w = weighAll(chained, it);
            t = t * 31 + w[n - 1];
            last[0] = it * 5 + 1;
        }
        System.out.println("chained " + t);
    }
}
