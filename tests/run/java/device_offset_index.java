// Java twin of device_offset_index.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    static int[] oneBased(int[] a) {
        for (int i = 1; i <= a.length; i++) {
            a[i - 1] = a[i - 1] * 2 + 1;
        }
        return a;
    }

    static int[] down(int[] a, int k) {
        for (int i = a.length; i > 0; i--) {
            a[i - 1] += k;
        }
        return a;
    }

    static double[] halves(double[] x) {
        double[] y = new double[x.length];
        for (int i = 1; i <= x.length; i++) {
            y[i - 1] = x[i - 1] * 0.5;
        }
        return y;
    }

    static int[][] rows(int[][] m) {
        for (int r = 1; r <= m.length; r++) {
            for (int c = 0; c < m[r - 1].length; c++) {
                m[r - 1][c] = m[r - 1][c] * 3 + c;
            }
        }
        return m;
    }

    static int[] swapPairs(int[] a) {
        for (int i = 2; i <= a.length; i += 2) {
            int t = a[i - 2];
            a[i - 2] = a[i - 1];
            a[i - 1] = t;
        }
        return a;
    }

    static int[] ahead(int[] a, int[] b) {
        for (int i = -1; i < a.length - 1; i++) {
            a[i + 1] = b[i + 1] - a[i + 1];
        }
        return a;
    }

    public static void main(String[] args) {
        int n = 1001;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i * 7 % 31;
        a = oneBased(a);
        System.out.println(a[0] + " " + a[500] + " " + a[n - 1]);
        a = down(a, 5);
        System.out.println(a[0] + " " + a[500] + " " + a[n - 1]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = i * 0.25;
        double[] y = halves(x);
        System.out.println(y[0] + " " + y[3] + " " + y[n - 1]);
        int[][] m = new int[40][9];
        for (int r = 0; r < 40; r++) {
            for (int c = 0; c < 9; c++) m[r][c] = r - c;
        }
        m = rows(m);
        System.out.println(m[0][0] + " " + m[17][4] + " " + m[39][8]);
        int[] p = new int[1000];
        for (int i = 0; i < p.length; i++) p[i] = i;
        p = swapPairs(p);
        System.out.println(p[0] + " " + p[1] + " " + p[998] + " " + p[999]);
        int[] b = new int[n];
        for (int i = 0; i < n; i++) b[i] = i * i % 97;
        a = ahead(a, b);
        System.out.println(a[0] + " " + a[500] + " " + a[n - 1]);
    }
}
