// Java twin of device_chain.somd: SOMD methods are plain methods over whole arrays, every
// `@` is a loop, Somd.range(n) is the array 0..n-1.
class Main {
    static int square(int x) {
        return x * x;
    }

    static long scaled(int x, long k) {
        return x * k + 7;
    }

    static int[] affine(int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * k + 1;
        }
        return out;
    }

    static int[][] outer(int[] a, int[] b) {
        int[][] m = new int[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                m[i][j] = a[i] * b[j] - j;
            }
        }
        return m;
    }

    static long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    // Two outputs, one returned: the other is never read by the caller.
    static int[] lowBytes(int[] a) {
        int[] low = new int[a.length];
        int[] high = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            low[i] = a[i] & 255;
            high[i] = a[i] >> 8;
        }
        return low;
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 1001 - 500;
        }
        int[] b = affine(a, 3);
        System.out.println(b[0] + " " + b[1] + " " + b[n - 1] + " " + total(b));
        int[] small = {1, 2, 3};
        int[][] m = outer(small, a);
        System.out.println(m.length + " " + m[0].length + " " + m[2][4999] + " " + m[1][10]);
        int[] sq = new int[n];
        for (int i = 0; i < n; i++) {
            sq[i] = square(a[i]);
        }
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            c[i] = scaled(sq[i], 5L);
        }
        long sum = 0;
        for (int i = 0; i < c.length; i++) {
            sum += c[i];
        }
        System.out.println(c.length + " " + c[0] + " " + c[n - 1] + " " + sum);
        int[] r = new int[10];
        for (int i = 0; i < 10; i++) {
            r[i] = square(i);
        }
        System.out.println(r[9] + " " + total(new int[0]));
        int[] low = lowBytes(b);
        System.out.println(low[0] + " " + low[1] + " " + low[n - 1]);
    }
}
