// Java twin of device_instance_helper_writes.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays
// (`Somd.offset` is 0).
class Main {
    float k;
    float[] out;
    long[] sums;
    int[][] grid;

    Main(float k, int n) {
        this.k = k;
        this.out = new float[n];
        this.sums = new long[n];
        this.grid = new int[n][3];
    }

    void put(int i, float v) {
        out[i] = v * k;
    }

    void add(int at, long v) {
        sums[at] += v;
    }

    // A chain: `record` passes its index on to `add`, which writes there.
    void record(int at, int v) {
        add(at, (long) v * v);
    }

    static void store(long[] x, int at, long v) {
        x[at] = v;
    }

    static void stored(long[] x, int k, long v) {
        store(x, k, v * 3 + 1);
    }

    // Writes a row's element at an index it computes: its caller stays on the CPU.
    void mark(int i, int v) {
        grid[i][(v + 300) % 3] += v;
    }

    void fill(float[] a) {
        for (int i = 0; i < a.length; i++) {
            put(i, a[i]);
        }
    }

    void tally(int[] a) {
        for (int i = 0; i < a.length; i++) {
            record(i, a[i]);
        }
    }

    // A static chain writing the method's own output.
    static long[] triple(int[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            stored(r, i, a[i]);
        }
        return r;
    }

    void marks(int[] a) {
        for (int i = 0; i < a.length; i++) {
            mark(i, a[i]);
        }
    }

    public static void main(String[] args) {
        int n = 20000;
        float[] a = new float[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 101) * 0.5f;
            b[i] = (i * 7) % 1009 - 300;
        }
        Main m = new Main(1.5f, n);
        float[] before = m.out;
        m.fill(a);
        m.tally(b);
        m.tally(b);
        m.marks(b);
        long s = 0;
        long g = 0;
        for (int i = 0; i < n; i++) {
            s += m.sums[i] * (i % 5 + 1);
            g += m.grid[i][0] + 2L * m.grid[i][1] + 3L * m.grid[i][2];
        }
        System.out.println(before[0] + " " + before[17] + " " + m.out[n - 1] + " " + (before == m.out));
        System.out.println("sums " + s + " grid " + g);
        long[] t = triple(b);
        System.out.println("triple " + t[0] + " " + t[n - 1] + " " + t[4321]);
    }
}
