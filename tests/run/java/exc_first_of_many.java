// Java twin of exc_first_of_many.somd: one MI, loops in order.
// Many elements of one call fail, in two ways: Java reports the first failing iteration,
// and within it the first failing expression. Element 41000 reads past the table (its
// division would fail too, later in the expression); every element from 41001 on divides
// by zero. Every placement reports the read of element 41000, whichever work-item or MI
// records its failure first.
class Main {
    static int[] scaled(int[] a, int[] d, int[] table) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = table[a[i]] / d[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        int[] d = new int[n];
        int[] table = new int[1000];
        for (int k = 0; k < table.length; k++) table[k] = k * 7 + 3;
        for (int i = 0; i < n; i++) {
            a[i] = (i * 31) % 1000;
            d[i] = i % 5 + 1;
        }
        int[] r = scaled(a, d, table);
        long sum = 0;
        for (int i = 0; i < n; i++) sum += r[i];
        System.out.println(sum);
        a[41000] = 1000;
        for (int i = 41000; i < n; i++) d[i] = 0;
        r = scaled(a, d, table);
        System.out.println(r[0]);
    }
}
