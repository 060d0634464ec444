// Java twin of intermediate_strategies.somd: each intermediate reduction is a plain call.
class Add {
    static long combine(long x, long y) {
        return x + y;
    }
}

class Hist {
    static long[] combine(long[] x, long[] y) {
        long[] out = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] + y[i];
        }
        return out;
    }
}

class Widest {
    static int combineAll(int[] parts) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < parts.length; i++) {
            m = Math.max(m, parts[i]);
        }
        return m;
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

    static long[] histogram(int[] a) {
        long[] h = new long[5];
        for (int i = 0; i < a.length; i++) {
            h[a[i] % 5]++;
        }
        return h;
    }

    static int widest(int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    static long sumOf(long[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i];
        }
        return s;
    }

    static long count(int[] a, int below) {
        long c = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < below) {
                c++;
            }
        }
        return c;
    }

    static long halfCount(int[] a) {
        return count(a, 50) * 2;
    }

    static long[] spread(int[] a, long[] v) {
        long t = total(a);
        long[] h = histogram(a);
        int w = widest(a);
        long q = sumOf(v);
        long c = halfCount(a);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = t + h[a[i] % 5] * 1000 + w - q + c * a[i];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 37;
        int[] a = new int[n];
        long[] v = new long[n];
        int seed = 17;
        for (int i = 0; i < n; i++) {
            seed = (seed * 1103515245 + 12345) & 0x7fffffff;
            a[i] = seed % 100;
            v[i] = seed % 1000 + 3;
        }
        long[] r = spread(a, v);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 31 + r[i];
        }
        System.out.println(r[0] + " " + r[n / 2] + " " + r[n - 1]);
        System.out.println(sum);
        System.out.println(total(a) + " " + widest(a) + " " + sumOf(v) + " " + halfCount(a));
    }
}
