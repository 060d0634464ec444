// Compound stores and steps into an array holding SOMD results left on the device
// (`x[i] += v`, `x[i]++`, `x[i] <<= k`): the element is read alone and written into the
// device copy, as `x[i] = v` is, where it brought the whole array down and the next call
// sent it up again. Java's order: the index is checked before the value is computed, a
// narrow element is narrowed after the operation, a step used as a value gives the old or
// new element, and an index past the end raises before the value is computed.
class Main {
    static double[] heat(double[] a) {
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] * 0.5 + 1.0;
        }
        return b;
    }

    static int[] mix(int[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] * 3 + i;
        }
        return b;
    }

    static byte[] shade(byte[] a) {
        byte[] b = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = (byte) (a[i] + 7);
        }
        return b;
    }

    static int side(int v) {
        System.out.println("side " + v);
        return v;
    }

    public static void main(String[] args) {
        int n = 50000;
        double[] x = new double[n];
        for (int t = 0; t < 30; t++) {
            x = heat(x);
            x[0] += 3.0;
            x[n - 1] -= 1.0;
            x[t] *= 1.5;
        }
        System.out.println(x[0] + " " + x[1] + " " + x[29] + " " + x[n / 2] + " " + x[n - 1]);
        int[] k = new int[n];
        long h = 0;
        for (int t = 0; t < 10; t++) {
            k = mix(k);
            k[t]++;
            int before = k[2 * t]--;
            int after = ++k[3 * t];
            k[n - 1 - t] <<= t;
            k[t + 1] ^= 0x5a5a;
            k[t + 2] %= 1000 + t;
            h = h * 31 + before + after;
        }
        for (int i = 0; i < n; i++) {
            h = h * 31 + k[i];
        }
        System.out.println(h);
        byte[] b = new byte[300];
        for (int t = 0; t < 5; t++) {
            b = shade(b);
            b[t] += 200;
            b[299 - t] *= 3;
        }
        System.out.println(b[0] + " " + b[3] + " " + b[150] + " " + b[295] + " " + b[299]);
        k = mix(k);
        k[7] += side(5);
        k = mix(k);
        k[n] += side(6);
    }
}
