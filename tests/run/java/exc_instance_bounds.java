// Java twin of exc_instance_bounds.somd: the SOMD method is one method instance over the
// whole array.
class Main {
    int[] w;

    Main(int[] w) {
        this.w = w;
    }

    int[] pick(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + w[a[i] == 4321 ? w.length : a[i] % w.length];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[4000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        Main m = new Main(new int[]{5, 6, 7});
        int[] ok = m.pick(a);
        System.out.println(ok[0] + " " + ok[3999]);
        int[] b = new int[5000];
        for (int i = 0; i < b.length; i++) {
            b[i] = i;
        }
        int[] bad = m.pick(b);
        System.out.println(bad[0]);
    }
}
