// Java twin of exc_stop_hist_bound.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays (its table
// is the one partial; `combine` is not called for one partial).
class Sums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static long[] sums(int[] keys, int[] table, int k, int m) {
        long[] t = new long[k];
        for (int i = 0; i < keys.length * m; i++) {
            t[table[i] % k]++;
        }
        return t;
    }

    public static void main(String[] args) {
        int k = 4;
        int[] keys = new int[5000];
        int[] table = new int[5000];
        for (int i = 0; i < keys.length; i++) {
            table[i] = (i * 7) % 11;
        }
        System.out.println(table[4999]);
        System.out.println(sums(keys, table, k, 400000)[0]);
    }
}
