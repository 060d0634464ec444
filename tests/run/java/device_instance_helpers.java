// Java twin of device_instance_helpers.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays
// (`Somd.offset` is 0), a `combine` strategy returns the single result.
class Sums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    float gain;
    int bias;
    float[] w;
    int[][] grid;

    Main(float gain, int bias, float[] w, int[][] grid) {
        this.gain = gain;
        this.bias = bias;
        this.w = w;
        this.grid = grid;
    }

    // Reads a field array and a scalar field.
    float weight(int i) {
        return w[i % w.length] * gain;
    }

    // Calls another helper on `this` and reads a field of its own.
    float blend(float x, int i) {
        return x * weight(i) + weight(i + 1) - bias;
    }

    // Reads a 2-D field.
    int cell(int i, int j) {
        return grid[i % grid.length][j % grid[0].length];
    }

    // Passed a row of a field: an ordinary argument.
    static int rowSum(int[] row) {
        int s = 0;
        for (int j = 0; j < row.length; j++) {
            s += row[j];
        }
        return s;
    }

    int band(int i) {
        return rowSum(grid[i % grid.length]) + bias;
    }

    float[] apply(float[] a) {
        float[] r = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = this.blend(a[i], i);
        }
        return r;
    }

    double energy(float[] a) {
        double e = 0;
        for (int i = 0; i < a.length; i++) {
            e += a[i] * weight(i);
        }
        return e;
    }

    long cells(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) cell(a[i], i) * band(a[i]);
        }
        return s;
    }

    long[] tally(int[] a) {
        long[] t = new long[8];
        for (int i = 0; i < a.length; i++) {
            t[cell(a[i], i) & 7] += band(i);
        }
        return t;
    }

    public static void main(String[] args) {
        int n = 20000;
        float[] a = new float[n];
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 97) * 0.25f;
            k[i] = (i * 31) % 1009;
        }
        int[][] grid = new int[5][7];
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 7; j++) {
                grid[i][j] = i * 10 - j * 3;
            }
        }
        Main m = new Main(1.5f, 4, new float[]{0.5f, 1.0f, 2.0f}, grid);
        float[] r = m.apply(a);
        System.out.println(r[0] + " " + r[1] + " " + r[n - 1] + " " + r[12345]);
        // Products of small floats and halves: exact in any order.
        System.out.println("energy " + m.energy(a));
        System.out.println("cells " + m.cells(k));
        long[] t = m.tally(k);
        for (int b = 0; b < t.length; b++) {
            System.out.print(t[b] + " ");
        }
        System.out.println();
    }
}
