// Java twin of exc_vfold_div.somd: `C.m ! a` is a fold from the first element.
class Main {
    static int whole(Frac f) {
        return f.num / f.den;
    }

    static Frac ratio(Frac a, Frac b) {
        return new Frac(whole(a) + whole(b), 1);
    }

    static Frac foldRatio(Frac[] a) {
        if (a.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        Frac r = a[0];
        for (int i = 1; i < a.length; i++) r = ratio(r, a[i]);
        return r;
    }

    public static void main(String[] args) {
        int n = 9000;
        Frac[] fs = new Frac[n];
        for (int i = 0; i < n; i++) {
            fs[i] = new Frac(i * 6, 3);
        }
        Frac ok = foldRatio(fs);
        System.out.println(ok.num + " " + ok.den);
        fs[6543] = new Frac(5, 0);
        Frac bad = foldRatio(fs);
        System.out.println(bad.num);
    }
}

final class Frac {
    final int num;
    final int den;

    Frac(int num, int den) {
        this.num = num;
        this.den = den;
    }
}
