// Java twin of device_narrow_mapreduce.somd: each `op ! (C @ f(a))` is a fold in `int`
// over the target's results, from the operator's identity.
class Main {
    static short sh(int x) {
        return (short) (x * 7);
    }

    static byte by(int x) {
        return (byte) (x * 3 + 1);
    }

    static char ch(int x) {
        return (char) (x * 40503);
    }

    public static void main(String[] args) {
        int top = Integer.parseInt(args[0]);
        int[] sizes = {0, 1, 5, 300, 4099, top};
        long check = 0;
        for (int k = 0; k < sizes.length; k++) {
            int n = sizes[k];
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i - n / 3;
            }
            int alone = 0;
            int s = 0, lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE, x = 0;
            int bs = 0, bo = 0, bm = Integer.MAX_VALUE, ba = -1;
            int cs = 0, cm = Integer.MIN_VALUE, cp = 1;
            for (int i = 0; i < n; i++) {
                short v = sh(a[i]);
                alone += v;
                s += v;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
                x ^= v;
                byte b = by(a[i]);
                bs += b;
                bo |= b;
                bm = Math.min(bm, b);
                ba &= b;
                char c = ch(a[i]);
                cs += c;
                cm = Math.max(cm, c);
                cp *= c;
            }
            System.out.println(n + ": " + s + " " + lo + " " + hi + " " + x);
            System.out.println("  byte " + bs + " " + bo + " " + bm + " " + ba);
            System.out.println("  char " + cs + " " + cm + " " + cp);
            System.out.println("  alone " + alone);
            check = check * 31 + alone + s + lo + hi + x + bs + bo + bm + ba + cs + cm + cp;
        }
        System.out.println("check " + check);
    }
}
