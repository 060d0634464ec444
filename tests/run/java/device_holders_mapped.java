// Java twin of device_holders_mapped.somd: value classes become final classes, value arrays
// arrays (`new T[[]](a)` a copy), `C @ f(..)` a loop calling `f` per element and
// `+ ! (C @ f(..))` the sum of those results.
class Main {
    static double eval(Poly p, double x) {
        double y = 0;
        for (int i = p.coef.length - 1; i >= 0; i--) {
            y = y * x + p.coef[i];
        }
        return y * p.span.scale + p.shift + lane2(p.v);
    }

    static float lane2(float[] v) {
        return v[2];
    }

    static int degree(Poly p) {
        return p.coef.length * 10 + p.shift;
    }

    static double fit(Poly p, Poly target) {
        double d = 0;
        for (int i = 0; i < target.coef.length; i++) {
            double c = i < p.coef.length ? p.coef[i] : 0;
            d += (c - target.coef[i]) * (c - target.coef[i]);
        }
        return d + Math.abs(p.shift - target.shift);
    }

    static int tag(Poly p, int k) {
        return k * 3;
    }

    static Poly make(int i) {
        double[] c = new double[i % 6];
        for (int j = 0; j < c.length; j++) {
            c[j] = (i * 7 + j * 3) % 11 - 5.5;
        }
        return new Poly(c.clone(), i % 9 - 4, new Span(1.0 + (i % 4) * 0.5),
            new float[]{i, -i, i * 0.5f, 1f});
    }

    public static void main(String[] args) {
        int n = 700;
        Poly[] arr = new Poly[n];
        for (int i = 0; i < n; i++) {
            arr[i] = make(i);
        }
        Poly[] polys = arr.clone();
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) ys[i] = eval(polys[i], 1.5);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += ys[i];
        }
        System.out.println(ys[0] + " " + ys[1] + " " + ys[n - 1] + " " + sum);
        double[] zs = new double[n];
        for (int i = 0; i < n; i++) zs[i] = eval(arr[i], -0.5);
        System.out.println(zs[3] + " " + zs[n - 2]);
        int[] ds = new int[n];
        for (int i = 0; i < n; i++) ds[i] = degree(polys[i]);
        System.out.println(ds[0] + " " + ds[5] + " " + ds[n - 1]);
        int total = 0;
        for (int i = 0; i < n; i++) total += degree(polys[i]);
        System.out.println(total);
        Poly target = make(11);
        double[] fits = new double[n];
        for (int i = 0; i < n; i++) fits[i] = fit(polys[i], target);
        System.out.println(fits[0] + " " + fits[11] + " " + fits[n - 1]);
        arr[17] = null;
        int[] tags = new int[n];
        for (int i = 0; i < n; i++) tags[i] = tag(arr[i], 5);
        System.out.println(tags[0] + " " + tags[17]);
    }
}

final class Span {
    final double scale;

    Span(double scale) {
        this.scale = scale;
    }
}

final class Poly {
    final double[] coef;
    final int shift;
    final Span span;
    final float[] v;

    Poly(double[] coef, int shift, Span span, float[] v) {
        this.coef = coef;
        this.shift = shift;
        this.span = span;
        this.v = v;
    }
}
