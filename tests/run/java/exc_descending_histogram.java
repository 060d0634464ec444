// Java twin of exc_descending_histogram.somd: one MI, the loop in order.
class Main {
    static int[] counts(int[] keys, int k) {
        int[] t = new int[k];
        for (int i = keys.length - 1; i >= 0; i--) {
            t[keys[i]]++;
        }
        return t;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) keys[i] = (i * 7) % 16;
        int[] t = counts(keys, 16);
        System.out.println(t[0] + " " + t[15]);
        keys[5] = 40;
        keys[90000] = 30;
        t = counts(keys, 16);
        System.out.println(t[0]);
    }
}

class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}
