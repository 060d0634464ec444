// Java twin of device_effects.somd: each SOMD method runs as one method instance over the
// whole arrays; arrays are passed by value (copies), so the caller's `m` is unchanged.
class Main {
    static int[] keyed(int[] a, int[] key) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i] & 3;
            int n = 4;
            int x = a[i];
            while (--n >= 0) {
                x = x * 31 + key[k++];
            }
            int t;
            int u = (t = x ^ 0x5bd1e995) + 1;
            int v = 7;
            int w = (v *= t) - 3;
            out[i] = x + u + w + t;
        }
        return out;
    }

    static long[] wraps(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            byte b = (byte) (a[i] + 126);
            byte oldB = b++;
            char c = (char) (a[i] - 1);
            char oldC = c--;
            long l = Long.MAX_VALUE - 1 + a[i];
            long oldL = l++;
            short s = (short) (32766 + a[i]);
            short newS = ++s;
            out[i] = oldB * 1000003L + b + oldC * 7L + c + (oldL ^ l) + newS;
        }
        return out;
    }

    static double[][] columns(double[][] m0) {
        double[][] m = new double[m0.length][];
        for (int r = 0; r < m0.length; r++) {
            m[r] = m0[r].clone();
        }
        int first = 0;
        for (int j = 0; j < m[0].length; j++) {
            m[0][j] = m[1][j] * 2.0 + (first + j);
            m[1][j] = m[0][j] - 0.5;
        }
        return m;
    }

    public static void main(String[] args) {
        int n = 1000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 3;
        }
        int[] key = new int[8];
        for (int i = 0; i < key.length; i++) {
            key[i] = i * 1000003 + 17;
        }
        int[] k = keyed(a, key);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum = sum * 31 + k[i];
        }
        System.out.println("keyed " + k[0] + " " + k[1] + " " + k[n - 1] + " " + sum);
        long[] w = wraps(a);
        System.out.println("wraps " + w[0] + " " + w[1] + " " + w[2] + " " + w[n - 1]);
        double[][] m = new double[2][n];
        for (int j = 0; j < n; j++) {
            m[1][j] = j * 0.25;
        }
        double[][] r = columns(m);
        System.out.println("columns " + r[0][0] + " " + r[0][n - 1] + " " + r[1][n - 1]);
        System.out.println("caller's copy " + m[0][n - 1] + " " + m[1][n - 1]);
        int[] none = keyed(new int[0], key);
        System.out.println("empty " + none.length);
    }
}
