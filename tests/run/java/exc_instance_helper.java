// Java twin of exc_instance_helper.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole array.
class Main {
    int[] table;
    int shift;

    Main(int[] table, int shift) {
        this.table = table;
        this.shift = shift;
    }

    int lookup(int x) {
        return table[x / 3] + shift;
    }

    long[] spread(int[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (long) lookup(a[i]) << 3;
        }
        return r;
    }

    public static void main(String[] args) {
        int[] table = new int[1000];
        for (int i = 0; i < table.length; i++) {
            table[i] = (i * 7) % 31;
        }
        Main m = new Main(table, 5);
        int[] a = new int[2999];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        long[] r = m.spread(a);
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            s += r[i];
        }
        System.out.println(s);
        int[] b = new int[200000];
        for (int i = 0; i < b.length; i++) {
            b[i] = i;
        }
        System.out.println(m.spread(b)[0]);
    }
}
