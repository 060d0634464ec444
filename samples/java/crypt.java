// Java twin of crypt.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// JavaGrande Crypt (section 2): IDEA encryption and decryption of a byte array, as in
// SOMD paper (000) section 7.1: one SOMD method ciphers a `dist` byte array into a `dist`
// array of the same partitioning, in a loop that handles eight bytes (one IDEA
// block) per iteration.
//
// Every partition must hold whole 8-byte blocks, which the built-in block strategy does
// not promise, so both parameters use the user strategy `Aligned(8)`: boundaries are
// multiples of 8.
//
// Usage: crypt [N]   (default N = 80000 bytes; rounded down to a multiple of 8)

import java.util.Random;

class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last one is
    // `length`).
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

class Crypt {

    // Ciphers `text` with the 52 16-bit subkeys `key` (encryption or decryption keys).
    static byte[] cipher(byte[] text, int[] key) {
        byte[] out = new byte[text.length];
        for (int i = 0; i < text.length; i += 8) {
            int ik = 0;
            int x1 = (text[i] & 0xff) | ((text[i + 1] & 0xff) << 8);
            int x2 = (text[i + 2] & 0xff) | ((text[i + 3] & 0xff) << 8);
            int x3 = (text[i + 4] & 0xff) | ((text[i + 5] & 0xff) << 8);
            int x4 = (text[i + 6] & 0xff) | ((text[i + 7] & 0xff) << 8);
            for (int round = 0; round < 8; round++) {
                x1 = mul(x1, key[ik++]);
                x2 = (x2 + key[ik++]) & 0xffff;
                x3 = (x3 + key[ik++]) & 0xffff;
                x4 = mul(x4, key[ik++]);
                int t2 = mul(x1 ^ x3, key[ik++]);
                int t1 = mul((t2 + (x2 ^ x4)) & 0xffff, key[ik++]);
                t2 = (t1 + t2) & 0xffff;
                x1 ^= t1;
                x4 ^= t2;
                t2 ^= x2;
                x2 = x3 ^ t1;
                x3 = t2;
            }
            x1 = mul(x1, key[ik++]);
            x3 = (x3 + key[ik++]) & 0xffff;
            x2 = (x2 + key[ik++]) & 0xffff;
            x4 = mul(x4, key[ik++]);
            out[i] = (byte) x1;
            out[i + 1] = (byte) (x1 >>> 8);
            out[i + 2] = (byte) x3;
            out[i + 3] = (byte) (x3 >>> 8);
            out[i + 4] = (byte) x2;
            out[i + 5] = (byte) (x2 >>> 8);
            out[i + 6] = (byte) x4;
            out[i + 7] = (byte) (x4 >>> 8);
        }
        return out;
    }

    // Multiplication modulo 2^16 + 1, where the 16-bit value 0 stands for 2^16.
    static int mul(int a, int b) {
        long x = a == 0 ? 0x10000L : a;
        long y = b == 0 ? 0x10000L : b;
        long p = x * y % 0x10001L;
        return (int) (p & 0xffff);
    }

    // Multiplicative inverse modulo 2^16 + 1 (0 and 1 are their own inverses).
    static int inv(int x) {
        if (x <= 1) {
            return x;
        }
        long t0 = 1;
        long t1 = 0x10001L / x;
        long y = 0x10001L % x;
        long xx = x;
        while (y != 1) {
            long q = xx / y;
            xx = xx % y;
            t0 = t0 + q * t1;
            if (xx == 1) {
                return (int) t0;
            }
            q = y / xx;
            y = y % xx;
            t1 = t1 + q * t0;
        }
        return (int) ((1 - t1) & 0xffff);
    }

    static int[] encryptKey(int[] userKey) {
        int[] z = new int[52];
        for (int i = 0; i < 8; i++) {
            z[i] = userKey[i] & 0xffff;
        }
        for (int i = 8; i < 52; i++) {
            int j = i % 8;
            if (j < 6) {
                z[i] = ((z[i - 7] >>> 9) | (z[i - 6] << 7)) & 0xffff;
            } else if (j == 6) {
                z[i] = ((z[i - 7] >>> 9) | (z[i - 14] << 7)) & 0xffff;
            } else {
                z[i] = ((z[i - 15] >>> 9) | (z[i - 14] << 7)) & 0xffff;
            }
        }
        return z;
    }

    static int[] decryptKey(int[] z) {
        int[] dk = new int[52];
        int k = 0;
        int j = 51;
        int t1 = inv(z[k++]);
        int t2 = -z[k++] & 0xffff;
        int t3 = -z[k++] & 0xffff;
        dk[j--] = inv(z[k++]);
        dk[j--] = t3;
        dk[j--] = t2;
        dk[j--] = t1;
        for (int round = 1; round < 8; round++) {
            t1 = z[k++];
            dk[j--] = z[k++];
            dk[j--] = t1;
            t1 = inv(z[k++]);
            t2 = -z[k++] & 0xffff;
            t3 = -z[k++] & 0xffff;
            dk[j--] = inv(z[k++]);
            dk[j--] = t2;
            dk[j--] = t3;
            dk[j--] = t1;
        }
        t1 = z[k++];
        dk[j--] = z[k++];
        dk[j--] = t1;
        t1 = inv(z[k++]);
        t2 = -z[k++] & 0xffff;
        t3 = -z[k++] & 0xffff;
        dk[j--] = inv(z[k++]);
        dk[j--] = t3;
        dk[j--] = t2;
        dk[j--] = t1;
        return dk;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 80000;
        n = n / 8 * 8;
        Random random = new Random(136506717L);
        int[] userKey = new int[8];
        for (int i = 0; i < 8; i++) {
            userKey[i] = random.nextInt(65536);
        }
        byte[] plain = new byte[n];
        for (int i = 0; i < n; i++) {
            plain[i] = (byte) random.nextInt(256);
        }
        int[] z = encryptKey(userKey);
        int[] dk = decryptKey(z);

        byte[] crypted = cipher(plain, z);
        byte[] decrypted = cipher(crypted, dk);

        long checksum = 0;
        int mismatches = 0;
        for (int i = 0; i < n; i++) {
            checksum = checksum * 257 + (crypted[i] & 0xff);
            if (decrypted[i] != plain[i]) {
                mismatches++;
            }
        }
        System.out.println("crypt n=" + n);
        System.out.println("cipher checksum " + checksum);
        System.out.println("mismatches after decryption " + mismatches);
        System.out.println(mismatches == 0 ? "OK" : "FAILED");
    }
}
