// Java twin of device_vstore.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Contiguous stores of one block (`out[i]`, `out[i + 1]`, .., `out[i + C - 1]`) are one
// vector store on the device when every lane is in range, else the stores one by one in
// order: the values match the CPU's, and a group whose late lanes fall past the end fails
// at the first of them, as Java does. The last call ciphers 13 bytes: the block at 0 is
// whole, the block at 8 stores lanes 0..4 and fails at `out[i + 5]`. (Under 16 bytes the
// `Aligned(8)` strategy puts every byte in the last MI, so the exception's index and
// length do not depend on the number of MIs.)
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
    // Eight bytes per block from the block's first four, as Crypt writes its blocks.
    static byte[] spread(byte[] text, int[] key) {
        byte[] out = new byte[text.length];
        for (int i = 0; i < text.length; i += 8) {
            int x1 = (text[i] & 0xff) | ((text[i + 1] & 0xff) << 8);
            int x2 = (text[i + 2] & 0xff) | ((text[i + 3] & 0xff) << 8);
            x1 = (x1 * key[0] + key[1]) & 0xffff;
            x2 = (x2 ^ key[2]) & 0xffff;
            out[i] = (byte) x1;
            out[i + 1] = (byte) (x1 >>> 8);
            out[i + 2] = (byte) x2;
            out[i + 3] = (byte) (x2 >>> 8);
            out[i + 4] = (byte) (x1 + x2);
            out[i + 5] = (byte) ((x1 - x2) >> 3);
            out[i + 6] = (byte) (x1 * x2);
            out[i + 7] = (byte) ~x1;
        }
        return out;
    }

    // Four ints per step, stored out of order with a local computed between them.
    static int[] quads(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i += 4) {
            int s = a[i];
            out[i + 2] = s * 3;
            out[i] = s;
            int t = s ^ 0x5a5a;
            out[i + 1] = t;
            out[i + 3] = t - s;
        }
        return out;
    }

    // Two doubles per step.
    static double[] halves(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i += 2) {
            double m = a[i] * 0.5;
            double r = a[i] / 3.0;
            out[i] = m;
            out[i + 1] = m - r;
        }
        return out;
    }

    static long bytesHash(byte[] b) {
        long h = 0;
        for (int i = 0; i < b.length; i++) h = h * 257 + (b[i] & 0xff);
        return h;
    }

    public static void main(String[] args) {
        int[] key = {40503, 17, 0x3c3c};
        byte[] text = new byte[8 * 1000];
        for (int i = 0; i < text.length; i++) text[i] = (byte) (i * 131 + (i >> 5));
        byte[] s = spread(text, key);
        System.out.println("spread " + bytesHash(s) + " " + s[0] + " " + s[7] + " " + s[7999]);
        int[] a = new int[4 * 777];
        for (int i = 0; i < a.length; i++) a[i] = i * 2654435 - 77;
        int[] q = quads(a);
        long hq = 0;
        for (int i = 0; i < q.length; i++) hq = hq * 31 + q[i];
        System.out.println("quads " + hq + " " + q[0] + " " + q[3107]);
        double[] d = new double[2 * 501];
        for (int i = 0; i < d.length; i++) d[i] = i * 1.25 - 300;
        double[] h = halves(d);
        double sum = 0;
        for (int i = 0; i < h.length; i++) sum += h[i] * (i % 7);
        System.out.println("halves " + sum + " " + h[1] + " " + h[1001]);
        byte[] ragged = new byte[13];
        for (int i = 0; i < ragged.length; i++) ragged[i] = (byte) (i * 7);
        System.out.println("ragged " + bytesHash(spread(ragged, key)));
    }
}
// throws-at: 35:13
