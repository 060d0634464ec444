// Java twin of value_array_objects.somd: value arrays are arrays copied with `clone()`,
// the `@` a loop, `==` of value arrays `same` (lengths, then elements by reference).
class B {
    int x;

    B(int x) {
        this.x = x;
    }
}

class Main {
    static B make(int v) {
        return new B(v * 10);
    }

    public static void main(String[] args) {
        B[] bs = new B[3];
        for (int i = 0; i < bs.length; i++) {
            bs[i] = new B(i);
        }
        B[] vb = bs.clone();
        vb[0].x = 42;
        System.out.println(vb[0].x + " " + bs[0].x + " " + vb.length);
        bs[1] = new B(7);
        System.out.println(vb[1].x + " " + bs[1].x);
        int[] ints = {1, 2, 3};
        B[] made = new B[ints.length];
        for (int i = 0; i < ints.length; i++) {
            made[i] = make(ints[i]);
        }
        made[2].x++;
        B[] back = made.clone();
        back[0] = new B(-1);
        System.out.println(made[0].x + " " + made[2].x + " " + back[0].x + " " + back[2].x);
        B[] again = bs.clone();
        B[] other = {bs[0], bs[1], new B(2)};
        B[][] pairs = {vb, again};
        B[][] swapped = {again, vb};
        boolean pairsSame = pairs.length == swapped.length;
        for (int i = 0; i < pairs.length && pairsSame; i++) {
            pairsSame = same(pairs[i], swapped[i]);
        }
        System.out.println(same(vb, vb) + " " + same(vb, again) + " " + same(again, bs.clone())
            + " " + same(again, other) + " " + !same(again, other) + " " + pairsSame);
    }

    static boolean same(B[] a, B[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }
}
