// Java twin of device_intermediate_sizes.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int twice(int v) {
        return v * 2;
    }

    static long cycled(long[] v, int k) {
        long s = 0;
        for (int j = 0; j < Math.min(k * 3, v.length); j++) {
            s += v[j];
        }
        return s;
    }

    static long weighted(long[] v, int k) {
        long s = 0;
        int m = twice(k);
        for (int j = 0; j < Math.min(k, v.length); j++) {
            s += v[j] * m;
        }
        return s;
    }

    static long perK(long[] v, int k) {
        long s = 0;
        long x = 100 / k;
        for (int j = 0; j < Math.min(k, v.length); j++) {
            s += v[j] * x;
        }
        return s;
    }

    static long[] add(long[] a, int w) {
        long q = cycled(a, w) + weighted(a, w);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + q;
        }
        return a;
    }

    static long[] scaled(long[] a, int w) {
        long q = perK(a, w);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3 + q;
        }
        return a;
    }

    static long[] fresh() {
        long[] v = new long[12];
        for (int z = 0; z < 12; z++) {
            v[z] = z * 3 + 1;
        }
        return v;
    }

    public static void main(String[] args) {
        long[] r = add(fresh(), 20);
        System.out.println(r[0] + " " + r[11]);
        long[] wrapped = add(fresh(), 1000000000);
        System.out.println(wrapped[0] + " " + wrapped[11]);
        long[] none = add(fresh(), 0);
        System.out.println(none[0] + " " + none[11]);
        long[] s = scaled(fresh(), 40);
        System.out.println(s[0] + " " + s[11]);
    }
}
