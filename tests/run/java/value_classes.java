// Java twin of value_classes.somd: value classes become final classes with an `eq` method
// that compares field by field with each field type's ==; value arrays become arrays
// compared by length and elements.
class Main {
    static boolean eq(int[] a, int[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (a[i] != b[i]) return false;
        return true;
    }

    static boolean eq(Complex[] a, Complex[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (!a[i].eq(b[i])) return false;
        return true;
    }

    static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = i;
        return r;
    }

    public static void main(String[] args) {
        Complex a = new Complex(1.5, -2.0);
        Complex b = new Complex(1.5, -2.0);
        Complex c = a.times(b);
        System.out.println(a.eq(b));
        System.out.println(a.eq(c));
        System.out.println(!a.eq(c));
        System.out.println(c.re + " " + c.im);
        Complex z = new Complex(0.0, -0.0);
        Complex w = new Complex(-0.0, 0.0);
        System.out.println(z.eq(w));
        Complex n1 = new Complex(Double.NaN, 0);
        System.out.println(n1.eq(n1));
        Pair p = new Pair(3, new Complex(1, 1));
        Pair q = new Pair(3, new Complex(1, 1));
        Pair r = new Pair(4, new Complex(1, 1));
        System.out.println(p.eq(q) + " " + p.eq(r) + " " + p.c.re);
        int[] raw = {1, 2, 3};
        int[] frozen = raw.clone();
        raw[0] = 99;
        System.out.println(frozen[0] + " " + frozen.length);
        int[] same = new int[]{1, 2, 3};
        int[] other = new int[]{1, 2, 4};
        int[] shorter = new int[]{1, 2};
        System.out.println(eq(frozen, same) + " " + eq(frozen, other) + " " + eq(frozen, shorter));
        int[] thawed = frozen.clone();
        thawed[1] = 20;
        System.out.println(thawed[1] + " " + frozen[1]);
        float[] quad = new float[]{1f, 2f, 3f, 4f};
        float sum = 0;
        for (int i = 0; i < quad.length; i++) {
            sum += quad[i];
        }
        System.out.println(sum);
        float[][] rows = new float[2][4];
        rows[1][3] = 7f;
        float[][] frozenRows = new float[][]{rows[0].clone(), rows[1].clone()};
        System.out.println(frozenRows.length + " " + frozenRows[1][3] + " " + frozenRows[0].length);
        Complex[] cs = new Complex[]{a, b, c};
        Complex[] ds = new Complex[]{b, a, c};
        System.out.println(eq(cs, ds));
        System.out.println(Complex.origin().eq(new Complex(0, 0)));
        int[] range = range(5);
        int rs = 0;
        for (int i = 0; i < range.length; i++) {
            rs = rs * 10 + range[i];
        }
        System.out.println(rs + " " + range.length);
    }
}

final class Complex {
    final double re;
    final double im;

    Complex(double re, double im) {
        this.re = re;
        this.im = im;
    }

    boolean eq(Complex o) {
        return re == o.re && im == o.im;
    }

    Complex times(Complex o) {
        return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    static Complex origin() {
        return new Complex(0, 0);
    }
}

final class Pair {
    final int k;
    final Complex c;

    Pair(int k, Complex c) {
        this.k = k;
        this.c = c;
    }

    boolean eq(Pair o) {
        return k == o.k && c.eq(o.c);
    }
}
