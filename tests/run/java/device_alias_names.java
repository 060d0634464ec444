// Java twin of device_alias_names.somd: SOMD methods are plain calls, `@` and `!` loops.
class Main {
    static int[] scale(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + i % 7;
        }
        return r;
    }

    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (long) (i % 3 + 1);
        }
        return s;
    }

    static int twice(int x) {
        return 2 * x + 1;
    }

    public static void main(String[] args) {
        int n = 30000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1009 - 300;
        }

        int[] v = scale(a, 3);
        int[] y = v;
        int[] z = y;
        long h = total(y);
        h = h * 31 + total(v) + total(z);
        System.out.println(h);

        int[] w = scale(a, 2);
        {
            int[] x = w;
            x[5] = 12345;
            h = h * 31 + total(x);
        }
        System.out.println(h + " " + w[5] + " " + total(w));

        int[] u = scale(a, 5);
        for (int r = 0; r < 3; r++) {
            int[] t = u;
            t[r] += r + 1;
            h = h * 31 + total(t);
        }
        System.out.println(h + " " + u[0] + " " + u[1] + " " + u[2]);

        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = twice(a[i]);
        }
        int[] q = p;
        int sum = 0;
        int top = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            sum += q[i];
            top = Math.max(top, p[i]);
        }
        System.out.println(sum + " " + top + " " + q[n - 1]);

        int[] b = scale(a, 7);
        int[] keep = b;
        b = scale(b, 2);
        System.out.println(total(keep) + " " + total(b) + " " + keep[9] + " " + b[9]);

        int[] e = scale(a, 1);
        int[] f = e;
        f[n] = 1;
        System.out.println(total(e));
    }
}
