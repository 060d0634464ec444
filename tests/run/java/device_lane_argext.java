// args: 300 2
// Argument extrema over each row, and conditional extrema of `float`s and `double`s, run
// on a device in the lanes form: each lane keeps the iteration that set its extremum (and
// the payloads it set), and the lanes combine their entries by value, then by iteration,
// so each row gets Java's first (or, under `>=`, last) winner: the first of `-0.0` and
// `0.0`, never NaN, and a winner before column 0 of a loop from -3. The loops take 1 to
// 600 columns of each row (of 600), fewer than a group's lanes in some rows.
class Main {
    // The first largest element and its column; a start of -Infinity and no column.
    static int[] argmax(double[][] m) {
        int o = 0;
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            double best = Double.NEGATIVE_INFINITY;
            int at = -1;
            for (int j = 0; j < 1 + (o + i) * 97 % m[i].length; j++) {
                if (m[i][j] > best) {
                    best = m[i][j];
                    at = j;
                }
            }
            out[i] = at * 4 + (1.0 / best > 0 ? 1 : 0) + (best == best ? 2 : 0);
        }
        return out;
    }

    // The last smallest element (`<=`) of a start taken from the row itself, with two
    // payloads: the column and a value of the element the test reads.
    static long[] lastMin(int[][] m) {
        int o = 0;
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] r = m[i];
            int low = r[0];
            int at = 0;
            long scaled = 0;
            for (int j = 1; j < r.length - (o + i) * 37 % 290; j++) {
                if (r[j] <= low) {
                    low = r[j];
                    at = j;
                    scaled = r[j] * 3L - j;
                }
            }
            out[i] = ((long) low << 20) + at * 1000L + scaled;
        }
        return out;
    }

    // Conditional extrema of `float`s, in both forms: `if` and `?:`.
    static float[] floatPeaks(float[][] m) {
        int o = 0;
        float[] out = new float[2 * m.length];
        for (int i = 0; i < m.length; i++) {
            float hi = Float.NEGATIVE_INFINITY;
            float lo = Float.POSITIVE_INFINITY;
            for (int j = 0; j < 1 + (o + i) * 97 % m[i].length; j++) {
                float v = m[i][j];
                if (v > hi) hi = v;
                lo = v < lo ? v : lo;
            }
            out[2 * i] = hi;
            out[2 * i + 1] = lo;
        }
        return out;
    }

    // The last largest value (`>=`, ties everywhere: values of 0 to 6) of an inner loop
    // from -3, whose winners may be negative.
    static long[] lastMax(int[][] m) {
        int o = 0;
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            int best = 3;
            int at = 100;
            for (int j = -3; j < m[i].length - 3 - (o + i) % 50; j++) {
                if ((m[i][j + 3] & 7) % 7 >= best) {
                    best = (m[i][j + 3] & 7) % 7;
                    at = j;
                }
            }
            out[i] = best * 100000L + at * 100L;
        }
        return out;
    }

    // A payload that the loop also counts up (`w++`), which no lane can fold twice: one
    // work-item per row.
    static long[] counted(int[][] m) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            int w = 0;
            int top = Integer.MIN_VALUE;
            for (int j = 0; j < m[i].length; j++) {
                if (m[i][j] > top) {
                    top = m[i][j];
                    w = j;
                }
                w++;
            }
            out[i] = w;
        }
        return out;
    }

    // A payload whose value may fail where the test does not read (`w[j]`): a lane would
    // evaluate it where Java's loop does not, so this row loop keeps one work-item per row.
    static int[] guarded(int[][] m, int[] w) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int best = Integer.MIN_VALUE;
            int tag = 0;
            for (int j = 0; j < m[i].length; j++) {
                if (m[i][j] > best) {
                    best = m[i][j];
                    tag = w[j];
                }
            }
            out[i] = tag;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[][] dm = new double[n][];
        int[][] im = new int[n][];
        float[][] fm = new float[n][];
        for (int i = 0; i < n; i++) {
            dm[i] = new double[600];
            im[i] = new int[600];
            fm[i] = new float[600];
            for (int j = 0; j < 600; j++) {
                dm[i][j] = ((i * 13 + j * 7) % 101 - 50) * 0.37;
                fm[i][j] = (float) (((i * 31 + j * 11) % 57 - 28) * 0.5);
            }
            for (int j = 0; j < 600; j++) {
                im[i][j] = ((i * 7919 + j * 104729) % 1009) - 500;
            }
        }
        dm[4][0] = Double.NaN;
        // Row i's loops take its first 1 + i * 97 % 600 columns.
        dm[5][485] = Double.NaN;
        for (int i = 6; i < 9; i++) {
            for (int j = 0; j < dm[i].length; j++) dm[i][j] = -0.0;
            for (int j = 0; j < fm[i].length; j++) fm[i][j] = 0.0f;
        }
        dm[7][40] = 0.0;
        dm[8][0] = 0.0;
        fm[7][26] = -0.0f;
        fm[8][0] = -0.0f;
        for (int j = 0; j < dm[9].length; j++) dm[9][j] = Double.NaN;
        for (int j = 0; j < dm[10].length; j++) dm[10][j] = Double.NEGATIVE_INFINITY;
        int[] tags = new int[600];
        for (int j = 0; j < 600; j++) tags[j] = j * 3 + 1;
        long check = 0;
        for (int r = 0; r < rounds; r++) {
            int[] a = argmax(dm);
            long[] l = lastMin(im);
            int[] g = guarded(im, tags);
            long[] lm = lastMax(im);
            long[] cn = counted(im);
            for (int i = 0; i < n; i++) {
                check = check * 31 + a[i] * 7L + l[i] + g[i] + lm[i] * 3 + cn[i] * 11;
                im[i][(i + r * 5) % 600] -= 400;
            }
        }
        float[] fp = floatPeaks(fm);
        double fs = 0;
        for (int i = 0; i < fp.length; i++) fs = fs * 0.5 + fp[i];
        System.out.println(check);
        System.out.println(fs);
        System.out.println(1.0f / fp[12] + " " + 1.0f / fp[13] + " " + 1.0f / fp[14] + " " + 1.0f / fp[15] + " " + 1.0f / fp[16] + " " + 1.0f / fp[17]);
    }
}
