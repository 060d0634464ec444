// Java twin of exc_object_arrays_null.somd.
class Table {
    int[] v;

    Table(int n) {
        v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % 9;
        }
    }
}

class Main {
    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Table t = new Table(n);
        Table u = null;
        long s = 0;
        for (int r = 0; r < 4; r++) {
            s += total(t.v);
            System.out.println(r + " " + s);
            if (r == 2) {
                s += total(u.v);
            }
        }
    }
}
