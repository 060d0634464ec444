// Java twin of device_offset_starts.somd: one MI over the whole arrays (`Somd.offset` is 0).
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
    static int[][] diffsFrom(int[][] m, int from) {
        int[][] d = new int[m.length][m[0].length];
        for (int r = 0; r < m.length; r++) {
            for (int j = from; j + 1 < m[0].length; j++) {
                d[r][j] = m[r][j + 1] - m[r][j];
            }
        }
        return d;
    }

    static long[] down(long[] a) {
        for (int i = a.length; i - 1 >= 0; i--) {
            a[i - 1] = a[i - 1] * 3 + (i);
        }
        return a;
    }

    static int[] pairsDown(int[] a) {
        for (int i = a.length; i - 2 >= 0; i -= 2) {
            int t = a[i - 1];
            a[i - 1] = a[i - 2] - t;
            a[i - 2] = t;
        }
        return a;
    }

    static long sumDown(int[] a) {
        long s = 0;
        for (int i = a.length - 1; i + 1 > 0; i--) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int rows = 40;
        int cols = 301;
        int[][] m = new int[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < cols; j++) {
                m[r][j] = (r * 17 + j * j) % 1009;
            }
        }
        int[] froms = {0, 5, 300, 301};
        for (int k = 0; k < froms.length; k++) {
            int from = froms[k];
            int[][] d = diffsFrom(m, from);
            long h = 0;
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < cols; j++) {
                    h = h * 31 + d[r][j];
                }
            }
            System.out.println("from " + from + ": " + h);
        }
        long[] a = new long[1000];
        int[] p = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 7 - 3;
            p[i] = i * i % 101;
        }
        a = down(a);
        System.out.println(a[0] + " " + a[500] + " " + a[999]);
        p = pairsDown(p);
        System.out.println(p[0] + " " + p[1] + " " + p[998] + " " + p[999]);
        System.out.println(sumDown(p));
    }
}
