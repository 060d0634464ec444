// Java twin of device_sizes.somd: one MI over the whole arrays.
class Pairs {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) b[r] = (int) ((long) (length / 2) * r / parts) * 2;
        b[parts] = length;
        return b;
    }
}

class Main {
    static int[][] halves(int[][] m) {
        int w = (m.length > 0 ? m[0].length : 0) / 2;
        int[][] out = new int[m.length][w];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < w; j++) out[i][j] = m[i][2 * j] + m[i][2 * j + 1];
        }
        return out;
    }

    static double clip(double[][] m, int lo, int hi) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = Math.max(lo, 0); j < Math.min(m[i].length, hi); j++) s += m[i][j] * (j + 1);
        }
        return s;
    }

    static long pairs(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length / 2; i++) s += (long) a[2 * i] * a[2 * i + 1];
        return s;
    }

    static long[][] stretch(long[][] m, int k) {
        int w = (m.length > 0 ? m[0].length : 0) * k;
        long[][] out = new long[m.length][w];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < w; j++) out[i][j] = m[i][j / k] * 10 + j % k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] m = new int[300][101];
        double[][] d = new double[300][101];
        long[][] g = new long[257][9];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 101; j++) {
                m[i][j] = i * 7 + j * 3;
                d[i][j] = (i + j) % 5;
            }
        }
        for (int i = 0; i < 257; i++) {
            for (int j = 0; j < 9; j++) g[i][j] = i * 100L + j;
        }
        int[][] h = halves(m);
        System.out.println("halves " + h.length + " " + h[0].length + " " + h[0][0] + " " + h[299][49]);
        System.out.println("halves empty " + halves(new int[0][0]).length);
        System.out.println("clip " + clip(d, 3, 17) + " " + clip(d, -5, 500) + " " + clip(d, 40, -1));
        int[] a = new int[10000];
        for (int i = 0; i < a.length; i++) a[i] = i % 13 - 6;
        System.out.println("pairs " + pairs(a));
        int[] odd = new int[10001];
        for (int i = 0; i < odd.length; i++) odd[i] = i % 7;
        System.out.println("pairs odd " + pairs(odd));
        long[][] s = stretch(g, 3);
        System.out.println("stretch " + s[0].length + " " + s[0][5] + " " + s[256][26]);
        System.out.println("stretch none " + stretch(g, 0)[100].length);
    }
}
