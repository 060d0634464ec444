// Hand-tuned OpenCL for samples/crypt.somd: IDEA on 8-byte blocks, one block per
// work-item, read with one uchar8 load and written with one uchar8 store; the 52 subkeys
// sit in constant memory. The arithmetic is the sample's (its long modulo multiplication).

int mul(int a, int b) {
    long x = a == 0 ? 0x10000L : a;
    long y = b == 0 ? 0x10000L : b;
    long p = x * y % 0x10001L;
    return (int)(p & 0xffff);
}

__kernel void cipher(__global const uchar *text, __global uchar *out, __constant int *key,
                     int blocks) {
    int block = get_global_id(0);
    if (block >= blocks) {
        return;
    }
    uchar8 in = vload8(block, text);
    int x1 = in.s0 | (in.s1 << 8);
    int x2 = in.s2 | (in.s3 << 8);
    int x3 = in.s4 | (in.s5 << 8);
    int x4 = in.s6 | (in.s7 << 8);
    int ik = 0;
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
    vstore8((uchar8)((uchar)x1, (uchar)(x1 >> 8), (uchar)x3, (uchar)(x3 >> 8), (uchar)x2,
                     (uchar)(x2 >> 8), (uchar)x4, (uchar)(x4 >> 8)),
            block, out);
}
