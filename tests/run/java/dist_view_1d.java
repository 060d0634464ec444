// Java twin of dist_view_1d.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// 1-D views: each MI sees halo cells of its neighbours; Somd.offset is the global index of
// local index 0 (the first halo cell when there is one); partial arrays of the viewed
// length assemble without their halo cells.
class Main {
    // Three-point integer stencil; boundary cells copied.
    static long[] blur(long[] a) {
        long[] out = new long[a.length];
        int start = 0 == 0 ? 0 : 1;
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            if (g == 0 || g == a.length - 1) {
                out[i] = a[i];
            } else if (i >= start && i > 0 && i < a.length - 1) {
                out[i] = a[i - 1] + 2 * a[i] + a[i + 1];
            }
        }
        return out;
    }

    // Wider, asymmetric view: two cells before, one after.
    static long window(long[] a) {
        long s = 0;
        for (int i = 2; i < a.length - 1; i++) {
            long g = 0 + i;
            s += (a[i - 2] - a[i - 1] + 3 * a[i] - a[i + 1]) * (g + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 3, 4, 7, 10, 33, 500};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 37L) % 11 - 5;
            }
            long[] b = blur(a);
            long h = 0;
            for (int i = 0; i < b.length; i++) {
                h = h * 17 + b[i];
            }
            // Halos wider than one cell are only exercised where every partition is wider too.
            String w = n >= 33 ? "" + window(a) : "-";
            System.out.println(n + ": " + b.length + " " + h + " " + w);
        }
    }
}
