// Java twin of exc_intermediate_size.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static long counted(long[] v, int k, int d) {
        long s = 0;
        for (int j = 0; j < Math.min(k / d, v.length); j++) {
            s += v[j];
        }
        return s;
    }

    static long[] add(long[] a, int w, int d) {
        long q = counted(a, w, d);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + q;
        }
        return a;
    }

    public static void main(String[] args) {
        long[] r = add(new long[] {1, 2, 3, 4, 5, 6}, 100, 2);
        System.out.println(r[0] + " " + r[5]);
        long[] bad = add(new long[] {1, 2, 3, 4, 5, 6}, 100, 0);
        System.out.println(bad[0]);
    }
}
