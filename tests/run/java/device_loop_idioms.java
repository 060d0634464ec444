// Twin of device_loop_idioms.somd: the SOMD methods are plain methods (one MI).
class Main {
    static int[] header(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0, n = a.length, k = 7; i < n; i++) {
            r[i] = a[i] ^ k;
        }
        return r;
    }

    static double total(double[] s, double strike) {
        double t = 0;
        for (int i = s.length; --i >= 0; ) {
            if (s[i] < strike) {
                continue;
            }
            t += s[i] - strike;
        }
        return t;
    }

    static int[] doubled(int[] a) {
        int[] r = new int[a.length];
        int i = a.length;
        while (--i > -1) {
            r[i] = a[i] * 2 + 1;
        }
        return r;
    }

    // A 2-D nest whose inner bound a local of the row holds (a 2-D NDRange, each work-item
    // computing `w` before its cell).
    static int[][] mirrored(int[][] img) {
        int[][] out = new int[img.length][img[0].length];
        for (int y = 0; y < img.length; y++) {
            int w = img[y].length;
            for (int x = 0; x < w; x++) {
                out[y][x] = img[y][w - 1 - x] * 3 + x;
            }
        }
        return out;
    }

    // The index is read after the loop, where it is -1 as in Java (this one stays on the
    // CPU: a kernel's index is no value after its loop).
    static long after(int[] a) {
        long s = 0;
        int i = a.length;
        while (--i >= 0) {
            s += a[i];
        }
        return i == -1 ? s : s + 1000;
    }

    static int[] postDown(int[] a) {
        int[] r = new int[a.length];
        for (int i = a.length; i-- > 0; ) {
            if (a[i] < -4990) {
                continue;
            }
            r[i] = a[i] * 5 - i;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 100003;
        int[] a = new int[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7919 % 10007 - 5000;
            d[i] = (i % 1000) * 0.25;
        }
        int[] h = header(a);
        int[] w = doubled(a);
        int[] p = postDown(a);
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + h[i] * 3 + w[i] + p[i] * 7;
        }
        System.out.println(check + " " + total(d, 100.0) + " " + after(new int[]{1, 2, 3}));
        int[][] img = new int[301][207];
        for (int y = 0; y < img.length; y++) {
            for (int x = 0; x < img[y].length; x++) {
                img[y][x] = (x * 31 + y * 17) % 256;
            }
        }
        int[][] m = mirrored(img);
        long h2 = 0;
        for (int y = 0; y < m.length; y++) {
            for (int x = 0; x < m[y].length; x++) {
                h2 = h2 * 31 + m[y][x];
            }
        }
        System.out.println(h2);
    }
}
