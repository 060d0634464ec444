// args: 6000
class LSum {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class ISum {
    static int[] combine(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static long[] step(int[] xs, int[] ys, int[] cx, int[] cy) {
        long[] acc = new long[3 * cx.length];
        for (int i = 0; i < xs.length; i++) {
            int best = 0;
            long bd = Long.MAX_VALUE;
            for (int c = 0; c < cx.length; c++) {
                long dx = xs[i] - cx[c];
                long dy = ys[i] - cy[c];
                long d = dx * dx + dy * dy;
                if (d < bd) {
                    bd = d;
                    best = c;
                }
            }
            acc[3 * best] += xs[i];
            acc[3 * best + 1] += ys[i];
            acc[3 * best + 2]++;
        }
        return acc;
    }

    static int[] rows(int[] keys, int[][] m) {
        int r = m.length;
        int[] t = new int[r + 1];
        for (int i = 0; i < keys.length; i++) {
            t[(keys[i] & 0x7fffffff) % t.length] += keys[i] >> 3;
        }
        return t;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int k = 5;
        int[] xs = new int[n];
        int[] ys = new int[n];
        long s = 12345;
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            int c = (int) ((s >>> 33) % k);
            xs[i] = c * 1000 + (int) ((s >>> 20) & 2047) - 1024;
            ys[i] = (c % 3) * 1500 - (int) ((s >>> 40) & 1023);
        }
        int[] cx = new int[k];
        int[] cy = new int[k];
        for (int c = 0; c < k; c++) {
            cx[c] = xs[c];
            cy[c] = ys[c];
        }
        for (int it = 0; it < 6; it++) {
            long[] acc = step(xs, ys, cx, cy);
            int moved = 0;
            for (int c = 0; c < k; c++) {
                if (acc[3 * c + 2] > 0) {
                    int nx = (int) (acc[3 * c] / acc[3 * c + 2]);
                    int ny = (int) (acc[3 * c + 1] / acc[3 * c + 2]);
                    moved += Math.abs(nx - cx[c]) + Math.abs(ny - cy[c]);
                    cx[c] = nx;
                    cy[c] = ny;
                }
            }
            System.out.println("it " + it + " moved " + moved + " c0 " + cx[0] + " " + cy[0]
                + " n0 " + acc[2]);
        }
        int[] t = rows(xs, new int[7][3]);
        long h = 0;
        for (int j = 0; j < t.length; j++) {
            h = h * 31 + t[j];
        }
        System.out.println("rows " + t.length + " " + h);
        int[] none = null;
        long[] bad = step(xs, ys, none, cy);
        System.out.println("unreached " + bad.length);
    }
}
