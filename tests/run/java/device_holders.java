// Java twin of device_holders.somd: value classes become final classes, value arrays
// arrays (`new T[[]](a)` a copy), `C @ f(..)` a loop calling `f` per element with the
// broadcast object passed to every call, and each SOMD method one method instance over the
// whole arrays.
class Main {
    static float tail(Model m, float x) {
        return m.k.length > 0 ? m.k[m.k.length - 1] * x : -1f;
    }

    static float score(float x, Model m) {
        float s = m.bias;
        for (int i = 0; i < m.w.length; i++) {
            s += m.w[i] * x;
        }
        return s + tail(m, x);
    }

    static float plain(float x, Model m) {
        return x * m.bias + m.w.length;
    }

    static float ignore(float x, Model m) {
        return x * 2f - 1f;
    }

    static float sum4(float[] c) {
        return c[0] + c[1] * 2f + c[2] * 3f + c[3] * 4f;
    }

    static double weigh(int v, Table t) {
        double w = t.vals.length > 0 ? t.vals[(v & 0x7fffffff) % t.vals.length] : 0.5;
        long key = t.keys[(v & 0x7fffffff) % t.keys.length];
        double r = w * t.s.factor + key + t.s.shift + t.tri[v & 1] + t.tri[2];
        r += score((float) v, t.m) + sum4(t.corner);
        return t.flag ? -r : r;
    }

    static float[] apply(float[] a, Model m) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = m.w.length > 0 ? a[i] * m.w[(int) (a[i] + 9f) % m.w.length] + m.bias : m.bias - a[i];
        }
        return out;
    }

    static long total(int[] a, Table t) {
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            int h = a[i] & 0x7fffffff;
            sum += a[i] * t.keys[h % t.keys.length] + t.tri[h % 3] + (t.flag ? 1 : 0);
        }
        return sum;
    }

    static float[] freeze(float[] a) {
        return a.clone();
    }

    static float[] mapScore(float[] x, Model m) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) r[i] = score(x[i], m);
        return r;
    }

    static float[] mapPlain(float[] x, Model m) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) r[i] = plain(x[i], m);
        return r;
    }

    static float[] mapIgnore(float[] x, Model m) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) r[i] = ignore(x[i], m);
        return r;
    }

    static double[] mapWeigh(int[] v, Table t) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) r[i] = weigh(v[i], t);
        return r;
    }

    public static void main(String[] args) {
        int n = 2000;
        float[] xs = new float[n];
        int[] vs = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 97) * 0.25f - 9f;
            vs[i] = i * 7919 - 600000;
        }
        float[] x = xs.clone();
        int[] v = vs.clone();
        float[] w = new float[13];
        for (int i = 0; i < w.length; i++) {
            w[i] = i * 0.5f - 2f;
        }
        Model m = new Model(freeze(w), 1.5f, new int[]{3, -4, 5});
        float[] r = mapScore(x, m);
        float rs = 0f;
        for (int i = 0; i < n; i++) {
            rs += r[i];
        }
        System.out.println(r[0] + " " + r[n - 1] + " " + rs);
        float[] o = apply(xs, m);
        System.out.println(o[0] + " " + o[5] + " " + o[n - 1]);

        // Empty arrays: lengths 0, the loops run no iteration.
        Model e = new Model(freeze(new float[0]), -0.5f, new int[0].clone());
        float[] re = mapScore(x, e);
        System.out.println(re[0] + " " + re[n - 1]);
        float[] oe = apply(xs, e);
        System.out.println(oe[0] + " " + oe[n - 1]);

        long[] ks = new long[7];
        double[] ds = new double[11];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = i * 3000000000L - 7;
        }
        for (int i = 0; i < ds.length; i++) {
            ds[i] = i * 1.125 - 3.0;
        }
        Table t = new Table(ks.clone(), ds.clone(), new Scale(0.75, -3), m,
            new int[]{10, 20, 30}, new float[]{1f, 2f, 3f, 4f}, false);
        double[] wt = mapWeigh(v, t);
        double ws = 0;
        for (int i = 0; i < n; i++) {
            ws += wt[i];
        }
        System.out.println(wt[0] + " " + wt[n - 1] + " " + ws);
        System.out.println(total(vs, t));
        Table te = new Table(new long[]{5L}, new double[0].clone(), new Scale(2.0, 1), e,
            new int[]{-1, 0, 1}, new float[]{0f, 0f, 0f, 1f}, true);
        double[] we = mapWeigh(v, te);
        System.out.println(we[0] + " " + we[n - 1]);
        System.out.println(total(vs, te));

        // A `null` array field, a `null` object: the CPU path, which never reads them.
        Model half = new Model(freeze(w), 2f, null);
        float[] rh = mapPlain(x, half);
        System.out.println(rh[0] + " " + rh[n - 1]);
        Model none = null;
        float[] rn = mapIgnore(x, none);
        System.out.println(rn[1] + " " + (none == null));
    }
}

final class Model {
    final float[] w;
    final float bias;
    final int[] k;

    Model(float[] w, float bias, int[] k) {
        this.w = w;
        this.bias = bias;
        this.k = k;
    }
}

final class Scale {
    final double factor;
    final int shift;

    Scale(double factor, int shift) {
        this.factor = factor;
        this.shift = shift;
    }
}

final class Table {
    final long[] keys;
    final double[] vals;
    final Scale s;
    final Model m;
    final int[] tri;
    final float[] corner;
    final boolean flag;

    Table(long[] keys, double[] vals, Scale s, Model m, int[] tri, float[] corner,
            boolean flag) {
        this.keys = keys;
        this.vals = vals;
        this.s = s;
        this.m = m;
        this.tri = tri;
        this.corner = corner;
        this.flag = flag;
    }
}
