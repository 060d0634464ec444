// Java twin of device_narrow_acc.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays.
class Main {
    static short sumS(short[] a) {
        short s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static byte productB(byte[] a) {
        byte p = 1;
        for (int i = 0; i < a.length; i++) {
            p *= a[i] | 1;
        }
        return p;
    }

    static char hashC(char[] c) {
        char h = 0;
        for (int i = 0; i < c.length; i++) {
            h ^= (char) (c[i] * 31 + 7);
        }
        return h;
    }

    static short highest(short[] a) {
        short m = -32768;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return m;
    }

    static char lowestC(char[] c) {
        char m = 65535;
        for (int i = 0; i < c.length; i++) {
            m = (char) Math.min(m, c[i]);
        }
        return m;
    }

    static byte firstStart(byte[] a) {
        byte m = a[0];
        for (int i = 1; i < a.length; i++) {
            m = (byte) Math.max(m, a[i]);
        }
        return m;
    }

    static short andS(int[] a, short mask) {
        short bits = mask;
        for (int i = 0; i < a.length; i++) {
            bits &= a[i] | 0x0101;
        }
        return bits;
    }

    // A conditional minimum of bytes from `byte`'s greatest value.
    static byte lowestB(byte[] b) {
        byte m = 127;
        for (int i = 0; i < b.length; i++) {
            if (b[i] < m) m = b[i];
        }
        return m;
    }

    // A `short` counter read after its loop (`c++` narrows too): the host folds the
    // device's count into the start and doubles it.
    static int doubledCount(short[] a, short t) {
        short c = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > t) c++;
        }
        return c * 2;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 3, 17, 255, 256, 257, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            short[] s = new short[n];
            byte[] b = new byte[n];
            char[] c = new char[n];
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 7919 + t * 104729) % 100003 - 50001;
                s[i] = (short) (a[i] * 3);
                b[i] = (byte) (a[i] >> 2);
                c[i] = (char) (a[i] * 5 + 40000);
            }
            System.out.println("n=" + n + " sumS " + sumS(s) + " productB " + productB(b)
                + " hashC " + (int) hashC(c) + " highest " + highest(s) + " lowestC "
                + (int) lowestC(c) + " firstStart " + firstStart(b) + " andS "
                + andS(a, (short) -3));
            System.out.println("  lowestB " + lowestB(b) + " doubledCount " + doubledCount(s, (short) 32000)
                + "/" + doubledCount(s, (short) 32767));
        }
    }
}
