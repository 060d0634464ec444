// Java twin of exc_value_param_null_nested.somd: value classes become final classes, value
// arrays arrays, `@` a loop, the SOMD method one method instance over the whole array.
final class Inner {
    final int x;

    Inner(int x) {
        this.x = x;
    }
}

final class Holder {
    final Inner in;

    Holder(Inner in) {
        this.in = in;
    }
}

class Main {
    static Holder make(int i) {
        if (i == 1234) {
            return new Holder(null);
        }
        return new Holder(new Inner(i * 3 - 7));
    }

    static Holder whole(int i) {
        return new Holder(new Inner(i ^ 5));
    }

    static long sum(Holder[] hs) {
        long s = 0;
        for (int i = 0; i < hs.length; i++) {
            s += hs[i].in.x;
        }
        return s;
    }

    public static void main(String[] args) {
        Holder[] full = new Holder[3000];
        for (int i = 0; i < full.length; i++) {
            full[i] = whole(i);
        }
        System.out.println(sum(full));
        System.out.println(sum(full));
        Holder[] holed = new Holder[3000];
        for (int i = 0; i < holed.length; i++) {
            holed[i] = make(i);
        }
        System.out.println(holed[1233].in.x + " " + holed[1235].in.x);
        System.out.println(sum(holed));
    }
}
