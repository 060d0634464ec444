// Java twin of device_result_stores.somd: SOMD methods are plain calls (a method writing a
// parameter writes a copy), `@` a loop.
class Main {
    static double[] heat(double[] src, double[] dst) {
        dst = dst.clone();
        for (int i = 1; i < src.length - 1; i++) {
            dst[i] = src[i] + 0.25 * (src[i - 1] - 2 * src[i] + src[i + 1]);
        }
        return dst;
    }

    static int[] scale(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + i % 7;
        }
        return r;
    }

    static byte[] low(int[] a) {
        byte[] r = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (byte) a[i];
        }
        return r;
    }

    static boolean[] odd(int[] a) {
        boolean[] r = new boolean[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] & 1) != 0;
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

    static int count(boolean[] b) {
        int c = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i]) {
                c++;
            }
        }
        return c;
    }

    static long bytes(byte[] b) {
        long s = 0;
        for (int i = 0; i < b.length; i++) {
            s += b[i] * (long) (i % 5 + 1);
        }
        return s;
    }

    static int twice(int x) {
        return 2 * x + 1;
    }

    public static void main(String[] args) {
        int n = 40000;
        double[] u = new double[n];
        double[] v = new double[n];
        for (int t = 0; t < 30; t++) {
            v = heat(u, v);
            v[0] = 1.0;
            v[n - 1] = 0.5 + t * 0.01;
            double[] tmp = u;
            u = v;
            v = tmp;
        }
        System.out.println(u[1] + " " + u[2] + " " + u[n - 2] + " " + u[n - 1]);

        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1009 - 300;
        }
        int[] r = scale(a, 3);
        int before = r[3];
        r[3] = 77;
        r[n - 1] = before;
        System.out.println(before + " " + r[3] + " " + r[n - 1] + " " + total(r));

        byte[] b = low(r);
        b[1] = -128;
        b[2] = (byte) 300;
        boolean[] o = odd(r);
        o[0] = true;
        o[1] = false;
        System.out.println(bytes(b) + " " + count(o) + " " + b[1] + " " + o[0]);

        int[] s = scale(a, 5);
        s[0] = 1;
        int[] frozen = s.clone();
        int[] doubled = new int[n];
        for (int i = 0; i < n; i++) {
            doubled[i] = twice(frozen[i]);
        }
        s[1] = 2;
        System.out.println(frozen[1] + " " + s[1] + " " + doubled[1] + " " + total(s));

        // A loop of stores: the first 16 write the device copy, the next brings `z` down.
        int[] z = scale(a, 2);
        for (int i = 0; i < n; i += 7) {
            z[(i * 13) % n] = i;
        }
        System.out.println(z[13] + " " + z[n - 2] + " " + total(z));

        int[] e = scale(a, 1);
        e[n] = 1;
        System.out.println(total(e));
    }
}
