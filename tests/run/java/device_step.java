// Java twin of device_step.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Counted SOMD loops with a constant step (`i += C`, `i = i + C`): on the device each
// work-item runs one iteration, a block of C elements at `i = lo + id * C`. Parameters use
// the user strategy `Aligned(C)` (boundaries at multiples of C), so every MI's blocks are
// blocks of the whole array. Covered: byte swapping in 4-byte words with a partial last
// word, int pairs with wrapping arithmetic and an odd length, a step larger than the array,
// a reduction over blocks of 3, a loop starting at 2, and empty arrays.
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
    // Reverses the bytes of every 4-byte word; a last partial word is copied unchanged.
    static byte[] swap(byte[] a) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i += 4) {
            if (i + 3 < a.length) {
                out[i] = a[i + 3];
                out[i + 1] = a[i + 2];
                out[i + 2] = a[i + 1];
                out[i + 3] = a[i];
            } else {
                out[i] = a[i];
                if (i + 1 < a.length) {
                    out[i + 1] = a[i + 1];
                }
                if (i + 2 < a.length) {
                    out[i + 2] = a[i + 2];
                }
            }
        }
        return out;
    }

    // Mixes each pair (x, y) with wrapping int arithmetic; reads `out` back in its block.
    static int[] pairs(int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i = i + 2) {
            int x = a[i];
            int y = i + 1 < a.length ? a[i + 1] : -1;
            out[i] = x * k + y;
            if (i + 1 < a.length) {
                out[1 + i] = x - y * k + out[i] / 7;
            }
        }
        return out;
    }

    // One work-item per 16 elements: each block's sum at its first position.
    static long[] blockSums(long[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i += 16) {
            long s = 0;
            for (int k = 0; k < 16 && i + k < a.length; k++) {
                s += a[i + k] * (k + 1);
            }
            out[i] = s;
        }
        return out;
    }

    // A `+` reduction over blocks of three.
    static long weighted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i += 3) {
            long w = a[i];
            if (i + 1 < a.length) {
                w = w * 31 + a[i + 1];
            }
            if (i + 2 < a.length) {
                w = w * 31 + a[i + 2];
            }
            s += w;
        }
        return s;
    }

    // Starts at 2: positions 2 and 3 of every 4-element block; the others stay 0.
    static int[] upperHalves(int[] a) {
        int[] out = new int[a.length];
        for (int i = 2; i < a.length; i += 4) {
            out[i] = a[i] * 3;
            if (i + 1 < a.length) {
                out[i + 1] = a[i + 1] - a[i];
            }
        }
        return out;
    }

    static long hashBytes(byte[] b) {
        long h = b.length;
        for (int i = 0; i < b.length; i++) h = h * 131 + b[i];
        return h;
    }

    static long hashInts(int[] v) {
        long h = v.length;
        for (int i = 0; i < v.length; i++) h = h * 131 + v[i];
        return h;
    }

    static long hashLongs(long[] v) {
        long h = v.length;
        for (int i = 0; i < v.length; i++) h = h * 131 + v[i];
        return h;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 3, 5, 8, 15, 16, 17, 40, 1001, 4099};
        long seed = 12345;
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            byte[] b = new byte[n];
            int[] v = new int[n];
            long[] w = new long[n];
            for (int i = 0; i < n; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                b[i] = (byte) (seed >>> 40);
                v[i] = (int) (seed >>> 20);
                w[i] = seed >> 30;
            }
            byte[] s = swap(b);
            int[] p = pairs(v, 40503);
            long[] bs = blockSums(w);
            int[] u = upperHalves(v);
            System.out.println("n=" + n + " swap " + hashBytes(s) + " pairs " + hashInts(p)
                + " blocks " + hashLongs(bs) + " weighted " + weighted(v)
                + " upper " + hashInts(u));
            if (n > 0 && n < 10) {
                String line = "";
                for (int i = 0; i < n; i++) line = line + b[i] + "/" + s[i] + " ";
                System.out.println("  bytes " + line);
                System.out.println("  first pair " + p[0] + " block " + bs[0]);
            }
        }
    }
}
