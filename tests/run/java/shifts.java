// Shift counts use only their low 5 (int) or 6 (long) bits, including negative counts.
class Main {
    public static void main(String[] args) {
        int[] counts = {0, 1, 5, 31, 32, 33, 63, 64, 65, -1, -31, -32, -33, 100};
        int x = -123456789;
        int y = 0x40000001;
        long lx = -1234567890123456789L;
        for (int i = 0; i < counts.length; i++) {
            int c = counts[i];
            System.out.println(c + ": " + (x << c) + " " + (x >> c) + " " + (x >>> c) + " "
                + (y << c) + " " + (y >>> c) + " " + (lx << c) + " " + (lx >> c) + " " + (lx >>> c));
        }
        long lc = 66L;
        System.out.println(x << lc);
        System.out.println(1 << 31);
        System.out.println(1L << 63);
        System.out.println(-1 >>> 28);
        System.out.println(-1L >>> 60);
        byte b = -16;
        System.out.println(b >> 2);
        System.out.println(b >>> 28);
        short s = -1;
        System.out.println(s >>> 16);
        char ch = 'z';
        System.out.println(ch << 3);
        int v = 1;
        v <<= 33;
        System.out.println(v);
        long w = -8;
        w >>>= 65;
        System.out.println(w);
        w >>= -1;
        System.out.println(w);
    }
}
