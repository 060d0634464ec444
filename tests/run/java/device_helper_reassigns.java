// Java twin of device_helper_reassigns.somd: one MI over the whole arrays (`Somd.offset` is 0), value arrays
// are plain arrays.
class Main {
    static int first(int[] r, int k) {
        return r[0] * 100 + k;
    }

    static int len(int[] r) {
        return r.length;
    }

    static int swapped(int[] a, int[] b) {
        a = b;
        return a.length * 10 + a[0];
    }

    static int passed(int[] a, int[] b) {
        return first(a, len(a = b));
    }

    static int[] statement(int[] ids, int[] a, int[] b) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = ids[i] + swapped(a, b) * 1000;
        }
        return out;
    }

    static int[] argument(int[] ids, int[] a, int[] b) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = passed(a, b) + ids[i];
        }
        return out;
    }

    static int[] setup(int[] ids, int[] a, int[] b) {
        int x = first(a, len(a = b));
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = x + ids[i] + a.length * 1000;
        }
        return out;
    }

    static int bounded(int[] a, int[] b, int k) {
        if (k % 2 == 0) {
            a = b;
        }
        return a[0] * 10 + a.length + a[2];
    }

    static int[] triples(int[] ids, int[] a, int[] b) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = bounded(a, b, ids[i]);
        }
        return out;
    }

    static int[] other(int[] ids) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = ids[i] * 3;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] ids = {1, 2, 3};
        int[] a = {4, 5, 6};
        int[] b = {7, 8};
        int[] s = statement(ids, a, b);
        System.out.println(s[0] + " " + s[1] + " " + s[2]);
        int[] g = argument(ids, a, b);
        System.out.println(g[0] + " " + g[1] + " " + g[2]);
        int[] u = setup(ids, a, b);
        System.out.println(u[0] + " " + u[1] + " " + u[2]);
        int[] t = triples(ids, new int[] {4, 5, 6}, new int[] {7, 8, 9});
        System.out.println(t[0] + " " + t[1] + " " + t[2]);
        int[] o = other(ids);
        System.out.println(o[0] + " " + o[1] + " " + o[2]);
    }
}
