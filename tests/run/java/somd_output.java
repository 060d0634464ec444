// Java twin of somd_output.somd, with the sequential meaning of its SOMD constructs: a SOMD
// method runs as one method instance over the whole arrays (offset 0), and its array result
// is the concatenation of the one partial, a new array (the twin returns a copy).
class Main {
    static int[] first;

    static int[] scaled(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + (0 + i);
        }
        return r.clone();
    }

    static int[] stored(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + 1;
        }
        if (0 == 0) {
            first = r;
        }
        return r.clone();
    }

    static double[] sparse(double[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if ((0 + i) % 3 == 0) {
                r[i] = a[i] * 0.5;
            }
        }
        return r.clone();
    }

    static long hash(int[] v) {
        long h = 0;
        for (int i = 0; i < v.length; i++) {
            h = h * 31 + v[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int n = 100003;
        int[] a = new int[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000;
            d[i] = i * 0.25;
        }

        int[] s = scaled(a, 3);
        System.out.println("scaled " + s.length + " " + s[0] + " " + s[n - 1] + " " + hash(s));
        int[] t = scaled(s, -2);
        System.out.println("again " + hash(t) + " " + hash(s));

        int[] u = stored(a);
        u[0] = 999;
        System.out.println("stored " + u.length + " " + hash(u) + " " + first[0]);

        double[] r = sparse(d);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += r[i];
        }
        System.out.println("sparse " + r.length + " " + sum + " " + r[1] + " " + r[n - 1]);

        int[] e = scaled(new int[0], 5);
        System.out.println("empty " + e.length);
    }
}
