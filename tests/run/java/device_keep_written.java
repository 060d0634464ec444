// Arrays a host loop writes element by element stay on the device across its calls
// (`somd_mir::analysis::keep`, "Arrays the loop writes"): each store statement marks the
// element (the row, of a matrix) it changed, and the next call writes only the span of
// those units again. The loops below store to a 1-D array read by a SOMD method and by
// `!`, to a rectangular matrix and to a ragged one mapped by `@`, with indices of locals,
// constants and lengths, compound assignments and increments, and an inner loop filling a
// range; a store whose index is an array element cannot be marked, so that loop uploads
// its array at every call. Every result must be the Java twin's.
class Main {
    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * a[i] + a[i];
        }
        return s;
    }

    static int weigh(int[] row, int bias) {
        int s = bias;
        for (int i = 0; i < row.length; i++) {
            s += row[i] * (i + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i * 37) % 101 - 50;
        }
        long t = 0;
        // A SOMD method's array: scattered stores between the calls.
        for (int k = 0; k < 6; k++) {
            t = t * 31 + total(x);
            x[k] = k * 3;
            x[x.length - 1 - k] += 7;
            x[2 * k + 1]++;
            for (int j = 0; j < 10; j++) {
                x[100 + j] = j + k;
            }
        }
        System.out.println("array " + t + " " + total(x));
        // `!` over an array stored to after each call; one store before the first.
        long[] y = new long[4000];
        for (int i = 0; i < y.length; i++) {
            y[i] = i % 13;
        }
        long u = 0;
        for (int k = 0; k < 5; k++) {
            y[3 * k] = -k;
            long sum = 0;
            for (long e : y) {
                sum += e;
            }
            u = u * 17 + sum;
            y[y.length - 2] -= 100;
        }
        System.out.println("reduce " + u);
        // A rectangular matrix mapped by `@`: one element of two rows per round.
        int[][] m = new int[300][16];
        for (int i = 0; i < m.length; i++) {
            for (int c = 0; c < 16; c++) {
                m[i][c] = (i * 31 + c) % 97;
            }
        }
        long v = 0;
        for (int k = 0; k < 5; k++) {
            int[] w = new int[m.length];
            for (int i = 0; i < m.length; i++) {
                w[i] = weigh(m[i], k);
            }
            v = v * 31 + w[k] + w[k + 5] + w[299];
            m[k][k % 16] = 1000 + k;
            m[k + 5][0] += 2;
        }
        System.out.println("matrix " + v);
        // A ragged matrix (rows of 1 to 9 elements): the packed copy is patched at each
        // written row's offset.
        int[][] r = new int[200][];
        for (int i = 0; i < r.length; i++) {
            r[i] = new int[i % 9 + 1];
            for (int c = 0; c < r[i].length; c++) {
                r[i][c] = i - c;
            }
        }
        long z = 0;
        for (int k = 0; k < 5; k++) {
            int[] w = new int[r.length];
            for (int i = 0; i < r.length; i++) {
                w[i] = weigh(r[i], k);
            }
            z = z * 31 + w[k + 1] + w[150] + w[199];
            r[k + 1][r[k + 1].length - 1] = 50 * k;
            r[150][0]--;
        }
        System.out.println("ragged " + z);
        // An index read from an array: the loop cannot mark the store, and uploads `x`
        // at every call.
        int[] at = {4, 40, 400, 4000};
        for (int k = 0; k < 4; k++) {
            t = t * 31 + total(x);
            x[at[k]] = -k;
        }
        System.out.println("unmarked " + t);
    }
}
