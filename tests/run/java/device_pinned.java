// Java twin of device_pinned.somd: the SOMD method is a plain method over the whole array,
// the `@` is a loop, Somd.range(n) is the array 0..n-1.
class Main {
    static int mix(int x) {
        return x * 31 + (x >> 3);
    }

    static int[] affine(int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * k + 1;
        }
        return out;
    }

    static long weighted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * (i % 1009 + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 100003 - 50000;
        }
        int[] b = affine(a, 3);
        System.out.println(b[0] + " " + b[n / 2] + " " + b[n - 1] + " " + weighted(b));
        int big = 1500000;
        int[] c = new int[big];
        for (int i = 0; i < big; i++) {
            c[i] = mix(i);
        }
        long sum = 0;
        for (int i = 0; i < c.length; i++) {
            sum += (long) c[i] * (i % 1013 + 1);
        }
        System.out.println(c.length + " " + c[0] + " " + c[big - 1] + " " + sum);
        int[] small = new int[1000];
        for (int i = 0; i < small.length; i++) {
            small[i] = i - 500;
        }
        int[] d = affine(small, -2);
        System.out.println(d[0] + " " + d[999] + " " + weighted(d));
    }
}
