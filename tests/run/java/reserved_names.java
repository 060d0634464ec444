// Java twin of reserved_names.somd: SOMD methods are plain methods over whole arrays.
class Main {
    static long scaled(int[] a, int n_mis, int pos, long partials, int dist_0) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * n_mis + pos - partials + dist_0;
        }
        return s;
    }

    static int[] shifted(int[] mi, int done, int somd_sync, int _e1v, int moved) {
        int[] out = new int[mi.length];
        for (int i = 0; i < mi.length; i++) {
            out[i] = mi[i] + done * 1000 + somd_sync * 100 + _e1v * 10 + moved;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 3 - 20;
        }
        System.out.println(scaled(a, 7, 11, 2L, 5));
        int[] b = shifted(a, 1, 2, 3, 4);
        System.out.println(b[0] + " " + b[49]);
        int _n3 = 9;
        int somd_h0 = 8;
        int _u2_0 = 7;
        int part_1 = 6;
        System.out.println(_n3 + somd_h0 + _u2_0 + part_1);
    }
}
