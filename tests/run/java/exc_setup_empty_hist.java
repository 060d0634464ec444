// Java twin of exc_setup_empty_hist.somd: the SOMD method is its loop over the whole array.
class IntSums {
    static int[] combine(int[] x, int[] y) {
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] + y[i];
        }
        return r;
    }
}

class Main {
    static int[] counts(int[] keys, int buckets, int skip, int k) {
        int w = 60 / k;
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length - skip; i++) {
            t[keys[i] % buckets] += w;
        }
        return t;
    }

    public static void main(String[] args) {
        int[] keys = new int[1000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i * 7 + i / 3;
        }
        int[] t = counts(keys, 5, 0, 7);
        System.out.println(t[0] + " " + t[3] + " " + t[4]);
        t = counts(keys, 5, keys.length, 7);
        System.out.println(t[0] + " " + t[3] + " " + t[4]);
        t = counts(keys, 5, keys.length, 0);
        System.out.println(t[0]);
    }
}
