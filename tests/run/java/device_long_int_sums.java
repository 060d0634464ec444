// Java twin of device_long_int_sums.somd: the SOMD method runs as one method instance over
// the whole array (`Somd.offset(a)` is 0).
class Main {
    static long[] mix(int[] a, int q) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            byte nb = (byte) x;
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            ni *= -2.5;
            nl -= 1e300 * x;
            long r = (long) x * q;
            r = r * 31 + (x & 7) + g;
            r = r * 31 + nb + nc * 7 + ni * 11 + nl * 13 + (x >> 3) * 17;
            out[i] = r;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 4099;
        int[] a = new int[n];
        long s = 11520L;
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            int v = (int) (s >>> 33);
            a[i] = i % 3 == 0 ? -v : (i % 3 == 1 ? v : v >> 20);
        }
        long[] r = mix(a, 7);
        long h = 17;
        for (int i = 0; i < n; i++) {
            h = h * 1000003 + r[i];
        }
        System.out.println("hash " + h);
        System.out.println("r[0] " + r[0] + " r[3] " + r[3] + " r[4] " + r[4] + " r[n-1] " + r[n - 1]);
    }
}
