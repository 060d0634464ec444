// Java twin of device_nested.somd: value arrays are arrays, `C @ m(..)` a loop building an
// array, `op ! a` a left fold from the identity, `C.m ! a` a fold from the first element.
import java.util.Random;

class Main {

    static int sad(int[] a, int[] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }

    static long pack(int[] tile, int[] entry, int index) {
        return ((long) sad(tile, entry) << 32) | index;
    }

    static long smaller(long a, long b) {
        return a <= b ? a : b;
    }

    static long best(int[] tile, int[][] library) {
        long[] candidates = new long[library.length];
        for (int k = 0; k < library.length; k++) {
            candidates[k] = pack(tile, library[k], k);
        }
        if (candidates.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        long r = candidates[0];
        for (int k = 1; k < candidates.length; k++) {
            r = smaller(r, candidates[k]);
        }
        return r;
    }

    static int closest(int[] tile, int[][] library) {
        int r = Integer.MAX_VALUE;
        for (int k = 0; k < library.length; k++) {
            r = Math.min(r, sad(library[k], tile));
        }
        return r;
    }

    static float scaled(float x, float s) {
        return x * s;
    }

    static float rowTotal(float[] row, float s) {
        float r = 0.0f;
        for (int k = 0; k < row.length; k++) {
            r += scaled(row[k], s);
        }
        return r;
    }

    static double dot(double[] a, double[] b) {
        double sum = 0.0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    static double against(double[] v, double[][] m, int k) {
        return dot(v, m[k]) + m[k].length;
    }

    static double bestDot(double[] v, double[][] m) {
        double r = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < m.length; k++) {
            r = Math.max(r, against(v, m, k));
        }
        return r;
    }

    static int rowInfo(int[] row) {
        return row.length * 1000 + row[0] + row[row.length - 1];
    }

    static int[][] ints(long seed, int rows, int cols) {
        Random random = new Random(seed);
        int[][] out = new int[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                out[r][c] = random.nextInt(256);
            }
        }
        return out;
    }

    static void printLongs(String label, long[] values) {
        String line = label;
        for (int i = 0; i < values.length; i++) {
            line = line + " " + (int) (values[i] >>> 32) + ":" + (int) (values[i] & 0xffffffffL);
        }
        System.out.println(line);
    }

    static void printInts(String label, int[] values) {
        String line = label;
        for (int i = 0; i < values.length; i++) {
            line = line + " " + values[i];
        }
        System.out.println(line);
    }

    static long[] bestAll(int[][] reference, int[][] library) {
        long[] out = new long[reference.length];
        for (int i = 0; i < out.length; i++) out[i] = best(reference[i], library);
        return out;
    }

    static int[] closestAll(int[][] reference, int[][] library) {
        int[] out = new int[reference.length];
        for (int i = 0; i < out.length; i++) out[i] = closest(reference[i], library);
        return out;
    }

    static int[] rowInfoAll(int[][] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < out.length; i++) out[i] = rowInfo(rows[i]);
        return out;
    }

    public static void main(String[] args) {
        int[][] reference = ints(11, 6, 16);
        int[][] library = ints(12, 40, 16);
        printLongs("best16", bestAll(reference, library));
        printInts("closest16", closestAll(reference, library));
        int[][] small = ints(13, 5, 9);
        int[][] smallLibrary = ints(14, 70, 9);
        printLongs("best9", bestAll(small, smallLibrary));
        printInts("closest9", closestAll(small, smallLibrary));

        float[][] f = new float[3][1500];
        for (int r = 0; r < f.length; r++) {
            for (int c = 0; c < f[r].length; c++) {
                f[r][c] = (c * 7 + r) % 23 - 11.5f;
            }
        }
        float[] totals = new float[f.length];
        for (int i = 0; i < f.length; i++) totals[i] = rowTotal(f[i], 0.5f);
        System.out.println("totals " + totals[0] + " " + totals[1] + " " + totals[2]);
        float[][] g = new float[4][7];
        for (int r = 0; r < g.length; r++) {
            for (int c = 0; c < g[r].length; c++) {
                g[r][c] = r - c * 0.25f;
            }
        }
        float[] gTotals = new float[g.length];
        for (int i = 0; i < g.length; i++) gTotals[i] = rowTotal(g[i], 2.0f);
        System.out.println("gTotals " + gTotals[0] + " " + gTotals[1] + " " + gTotals[2] + " " + gTotals[3]);

        double[][] vs = new double[5][6];
        double[][] m = new double[9][6];
        for (int r = 0; r < vs.length; r++) {
            for (int c = 0; c < 6; c++) {
                vs[r][c] = (r * 3 + c) % 5 - 2.0;
            }
        }
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < 6; c++) {
                m[r][c] = (r * 5 + c * 2) % 7 * 0.5 - 1.0;
            }
        }
        double[] dots = new double[vs.length];
        for (int i = 0; i < vs.length; i++) dots[i] = bestDot(vs[i], m);
        String line = "dots";
        for (int i = 0; i < dots.length; i++) {
            line = line + " " + dots[i];
        }
        System.out.println(line);

        int[][] square = {{1, 2, 3}, {4, 5, 6}};
        printInts("rectangular", rowInfoAll(square));
        int[][] ragged = {{1, 2, 3}, {4, 5}, {6}};
        printInts("ragged", rowInfoAll(ragged));
    }
}
