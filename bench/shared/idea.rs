//! IDEA's arithmetic and key schedule as `samples/crypt.somd` computes them, shared by the
//! sequential/rayon and the OpenCL baselines of Crypt.

/// The sample's `mul`: multiplication modulo 2^16 + 1, where 0 stands for 2^16.
pub fn mul(a: i32, b: i32) -> i32 {
    let x: i64 = if a == 0 { 0x10000 } else { i64::from(a) };
    let y: i64 = if b == 0 { 0x10000 } else { i64::from(b) };
    // Both factors are at most 2^16, so the product and the result are non-negative.
    ((x * y % 0x10001) & 0xffff) as i32
}

/// The sample's `inv`: multiplicative inverse modulo 2^16 + 1.
pub fn inv(x: i32) -> i32 {
    if x <= 1 {
        return x;
    }
    let mut t0: i64 = 1;
    let mut t1: i64 = 0x10001 / i64::from(x);
    let mut y: i64 = 0x10001 % i64::from(x);
    let mut xx = i64::from(x);
    while y != 1 {
        let mut q = xx / y;
        xx %= y;
        t0 += q * t1;
        if xx == 1 {
            // Java's `(int) t0`: the low 32 bits.
            return t0 as i32;
        }
        q = y / xx;
        y %= xx;
        t1 += q * t0;
    }
    ((1 - t1) & 0xffff) as i32
}

/// The sample's `encryptKey`: the 52 encryption subkeys.
pub fn encrypt_key(user_key: &[i32; 8]) -> [i32; 52] {
    let mut z = [0i32; 52];
    for i in 0..8 {
        z[i] = user_key[i] & 0xffff;
    }
    for i in 8..52 {
        let j = i % 8;
        // Subkeys are below 2^16, so `>>>` is `>>` and `<< 7` cannot overflow.
        z[i] = if j < 6 {
            ((z[i - 7] >> 9) | (z[i - 6] << 7)) & 0xffff
        } else if j == 6 {
            ((z[i - 7] >> 9) | (z[i - 14] << 7)) & 0xffff
        } else {
            ((z[i - 15] >> 9) | (z[i - 14] << 7)) & 0xffff
        };
    }
    z
}

/// The sample's `decryptKey`: the 52 decryption subkeys from the encryption subkeys.
pub fn decrypt_key(z: &[i32; 52]) -> [i32; 52] {
    let mut dk = [0i32; 52];
    let mut k = 0usize;
    let mut j = 52usize;
    let next = |k: &mut usize| {
        *k += 1;
        z[*k - 1]
    };
    let mut put = |j: &mut usize, value: i32| {
        *j -= 1;
        dk[*j] = value;
    };
    let mut t1 = inv(next(&mut k));
    let mut t2 = -next(&mut k) & 0xffff;
    let mut t3 = -next(&mut k) & 0xffff;
    put(&mut j, inv(next(&mut k)));
    put(&mut j, t3);
    put(&mut j, t2);
    put(&mut j, t1);
    for _ in 1..8 {
        t1 = next(&mut k);
        put(&mut j, next(&mut k));
        put(&mut j, t1);
        t1 = inv(next(&mut k));
        t2 = -next(&mut k) & 0xffff;
        t3 = -next(&mut k) & 0xffff;
        put(&mut j, inv(next(&mut k)));
        put(&mut j, t2);
        put(&mut j, t3);
        put(&mut j, t1);
    }
    t1 = next(&mut k);
    put(&mut j, next(&mut k));
    put(&mut j, t1);
    t1 = inv(next(&mut k));
    t2 = -next(&mut k) & 0xffff;
    t3 = -next(&mut k) & 0xffff;
    put(&mut j, inv(next(&mut k)));
    put(&mut j, t3);
    put(&mut j, t2);
    put(&mut j, t1);
    dk
}
