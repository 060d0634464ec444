// args: 20000
// Arrays a host loop lends to a helper that makes the device calls. `work(a, r)` only
// reads `a` and passes it to two SOMD methods: the loop in `main` keeps `a` on the device
// as if it called them itself, through two levels of helpers too (`outer`). A loop that
// stores an element of `b` between calls writes that span again; a helper that writes its
// parameter (`bump`) makes the array's every call upload it. One call of a helper whose own
// loop makes the device calls (`solve(d, 4)`) keeps `d` for that call. A helper freezing
// its parameter (`frz(a)`) only reads it: the loops still keep `a`.
class Main {
    static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int top(int[] a, int k) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i] ^ k);
        }
        return m;
    }

    static long work(int[] a, int k) {
        return sum(a) + top(a, k);
    }

    static long outer(int[] a, int k) {
        return work(a, k) * 2 + a.length;
    }

    static long solve(int[] p, int rounds) {
        long t = 0;
        for (int r = 0; r < rounds; r++) {
            t += sum(p) * (r + 1);
        }
        return t;
    }

    static int frz(int[] p) {
        int s = 0;
        for (int x : p) {
            s += x;
        }
        return s;
    }

    static long bump(int[] c, int k) {
        c[k] += 1000;
        return sum(c);
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 10007;
            b[i] = (i * 31) % 101;
            c[i] = i % 17;
        }
        long t = 0;
        for (int r = 0; r < 3; r++) {
            t += work(a, r);
        }
        for (int r = 0; r < 3; r++) {
            t += outer(a, r);
        }
        System.out.println(t);
        long u = 0;
        for (int r = 0; r < 3; r++) {
            b[r * 5] = -r;
            u += work(b, r);
        }
        System.out.println(u);
        long v = 0;
        for (int r = 0; r < 3; r++) {
            v += bump(c, r);
        }
        System.out.println(v + " " + c[0] + " " + c[2]);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = (i * 13) % 1009;
        }
        System.out.println(solve(d, 4));
        System.out.println(frz(a));
    }
}
