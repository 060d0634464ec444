class Main {
    static short sumS(int[] a) {
        short m = 0;
        for (int i = 0; i < a.length; i++) {
            m += a[i];
        }
        return m;
    }

    static byte sumB(int[] a) {
        byte m = 0;
        for (int i = 0; i < a.length; i++) {
            m += (byte) (a[i] * 7);
        }
        return m;
    }

    static char xorC(int[] a) {
        char m = 0;
        for (int i = 0; i < a.length; i++) {
            m ^= (char) (a[i] * 40503);
        }
        return m;
    }

    static short maxS(int[] a) {
        short m = -32768;
        for (int i = 0; i < a.length; i++) {
            m = (short) Math.max(m, (short) (a[i] * 13));
        }
        return m;
    }

    static int[] shift(int[] a) {
        short t = sumS(a);
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] - t;
        }
        return out;
    }

    static long[] mix(int[] a) {
        byte b = sumB(a);
        char c = xorC(a);
        short s = maxS(a);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 1000003L + b * 7919L + c * 31L + s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100003];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 37 + (i % 11) * 1000;
        }
        int[] r = shift(a);
        long[] m = mix(a);
        long h = 0;
        for (int i = 0; i < a.length; i++) {
            h = h * 31 + r[i] + m[i];
        }
        System.out.println(r[0] + " " + r[a.length - 1] + " " + m[5] + " " + h);
        System.out.println(sumS(a) + " " + sumB(a) + " " + (int) xorC(a) + " " + maxS(a));
    }
}
