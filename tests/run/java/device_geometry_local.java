// Java twin of device_geometry_local.somd, with the sequential meaning of its SOMD
// constructs: one method instance over the whole array; `Somd.globalLength` of an array the
// body allocates is its length and `Somd.offset` of it 0.
class Main {
    static int[] shifted(int[] a) {
        int[] out = new int[a.length];
        int[] wide = new int[a.length + 5];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 2 + (wide.length - wide.length) * 1000
                + 0 * 100000;
            wide[i] = out[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 7, 1000, 4099};
        for (int t = 0; t < lengths.length; t++) {
            int[] a = new int[lengths[t]];
            for (int i = 0; i < a.length; i++) {
                a[i] = i % 13 - 6;
            }
            int[] r = shifted(a);
            long s = 0;
            for (int i = 0; i < r.length; i++) {
                s += (long) r[i] * (i + 1);
            }
            System.out.println(a.length + ": " + s + " " + r[r.length - 1]);
        }
    }
}
