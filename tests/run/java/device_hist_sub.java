class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class LongSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static int[] debit(int[] keys, int[] amounts, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] % buckets] -= amounts[i];
        }
        return t;
    }

    static int[] mixed(int[] keys, byte[] small, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            int k = keys[i] % buckets;
            t[k] += keys[i];
            t[(k + 1) % buckets] -= small[i];
            t[(k + 2) % buckets]--;
        }
        return t;
    }

    static long[] wide(int[] keys, long[] big, int buckets) {
        long[] t = new long[buckets];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] % buckets] -= big[i] * 3;
        }
        return t;
    }

    static long hash(int[] t) {
        long h = 0;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    static long hash(long[] t) {
        long h = 0;
        for (int i = 0; i < t.length; i++) {
            h = h * 31 + t[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int n = 300000;
        int[] keys = new int[n];
        int[] amounts = new int[n];
        byte[] small = new byte[n];
        long[] big = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (int) ((i * 2654435761L) % 1000003);
            amounts[i] = i % 1000 == 0 ? Integer.MIN_VALUE : (i * 7919) ^ (i << 13);
            small[i] = (byte) (i * 37);
            big[i] = (long) i * 6364136223846793005L;
        }
        int[] t = debit(keys, amounts, 64);
        System.out.println("debit: " + hash(t) + " " + t[0] + " " + t[63]);
        int[] u = mixed(keys, small, 97);
        System.out.println("mixed: " + hash(u) + " " + u[5]);
        int[] v = debit(keys, amounts, 20000);
        System.out.println("large: " + hash(v) + " " + v[19999]);
        long[] w = wide(keys, big, 50);
        System.out.println("wide: " + hash(w) + " " + w[7]);
    }
}
