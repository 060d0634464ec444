class IntSums {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class IntMax {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = Math.max(a[i], b[i]);
        }
        return c;
    }
}

class Main {
    static int[] mirror(int[] keys, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            t[t.length - 1 - keys[i] % t.length] += 1;
            t[keys[i] % buckets] -= t.length;
        }
        return t;
    }

    static int[] peaks(int[] keys, int buckets) {
        int[] t = new int[buckets];
        for (int i = 0; i < keys.length; i++) {
            int e = keys[i] % t.length;
            t[e] = Math.max(t[e], keys[i] >>> (t.length % 7));
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

    public static void main(String[] args) {
        int n = 200000;
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (int) ((i * 2654435761L) % 1000003);
        }
        int[] t = mirror(keys, 61);
        System.out.println("mirror: " + hash(t) + " " + t[0] + " " + t[60]);
        int[] u = mirror(keys, 30011);
        System.out.println("large: " + hash(u) + " " + u[30010]);
        int[] v = peaks(keys, 97);
        System.out.println("peaks: " + hash(v) + " " + v[3]);
    }
}
