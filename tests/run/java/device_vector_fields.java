// Twin of device_vector_fields.somd: value classes are final classes of final fields, value
// arrays plain arrays, `@` a loop.
final class V4 {
    final int[] v;
    final int[] extra;

    V4(int[] v, int[] extra) {
        this.v = v;
        this.extra = extra;
    }
}

final class Inner {
    final float[] c;
    final int[] pad;

    Inner(float[] c, int[] pad) {
        this.c = c;
        this.pad = pad;
    }
}

final class Holder {
    final Inner in;
    final int[] more;

    Holder(Inner in, int[] more) {
        this.in = in;
        this.more = more;
    }
}

final class Lanes {
    final long[] l;
    final char[] c;
    final int k;

    Lanes(long[] l, char[] c, int k) {
        this.l = l;
        this.c = c;
        this.k = k;
    }
}

class Main {
    static int direct(int i, V4 q) {
        int k = i % 4;
        return q.v[k] * 2 + q.v.length + q.v[3] + q.extra[i % q.extra.length];
    }

    static float nested(int i, Holder h) {
        return h.in.c[i & 1] * i + h.in.c.length + h.more[0];
    }

    static int past(int i, V4 q) {
        int k = i == 1500 ? 4 : i % 4;
        return q.v[k];
    }

    // Vectors and primitives only: such an object crosses as a holder's leaves.
    static long onlyVectors(int i, Lanes q) {
        return q.l[i & 3] * 3 + q.c[i & 1] + q.l.length + q.k;
    }

    // Java's `==` of each element, as value arrays compare.
    static boolean same(int[] a, int[] b) {
        for (int k = 0; k < a.length; k++) {
            if (a[k] != b[k]) {
                return false;
            }
        }
        return a.length == b.length;
    }

    static boolean same(float[] a, float[] b) {
        for (int k = 0; k < a.length; k++) {
            if (a[k] != b[k]) {
                return false;
            }
        }
        return a.length == b.length;
    }

    static int compared(int i, V4 q, Holder h) {
        int[] w = new int[]{10, 20, 30, i % 50};
        float[] c = new float[]{i % 3 == 0 ? Float.NaN : 0.5f, i % 5 == 0 ? 0.0f : -1.25f};
        float[] z = new float[]{-0.0f, 1f};
        float[] zz = new float[]{0.0f, 1f};
        return (same(q.v, w) ? 1 : 0) + (!same(q.v, w) ? 2 : 0) + (same(h.in.c, c) ? 4 : 0)
            + (same(c, c) ? 8 : 0) + (same(z, zz) ? 16 : 0);
    }

    public static void main(String[] args) {
        V4 q = new V4(new int[]{10, 20, 30, 40}, new int[]{1, 2, 3});
        int[] d = new int[1700];
        for (int i = 0; i < 1700; i++) {
            d[i] = direct(i, q);
        }
        long h = 0;
        for (int i = 0; i < d.length; i++) {
            h = h * 31 + d[i];
        }
        Holder hd = new Holder(new Inner(new float[]{0.5f, -1.25f}, new int[]{7}), new int[]{9});
        float[] f = new float[1000];
        for (int i = 0; i < 1000; i++) {
            f[i] = nested(i, hd);
        }
        double fs = 0;
        for (int i = 0; i < f.length; i++) {
            fs += f[i];
        }
        System.out.println(h + " " + d[5] + " " + fs + " " + f[999]);
        Lanes ln = new Lanes(new long[]{Long.MAX_VALUE, -1L, 1L << 40, -5L}, new char[]{'a', (char) 65535}, 5);
        long[] lv = new long[777];
        for (int i = 0; i < 777; i++) {
            lv[i] = onlyVectors(i, ln);
        }
        long lh = 0;
        for (int i = 0; i < lv.length; i++) {
            lh = lh * 31 + lv[i];
        }
        System.out.println(lh);
        int[] cmp = new int[1000];
        for (int i = 0; i < 1000; i++) {
            cmp[i] = compared(i, q, hd);
        }
        long ch = 0;
        for (int i = 0; i < cmp.length; i++) {
            ch = ch * 31 + cmp[i];
        }
        System.out.println(ch + " " + cmp[40] + " " + cmp[45] + " " + cmp[3]);
        int[] bad = new int[3000];
        for (int i = 0; i < 3000; i++) {
            bad[i] = past(i, q);
        }
        System.out.println(bad[0]);
    }
}
