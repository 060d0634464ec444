//! Crypt (`samples/crypt.somd`): IDEA encryption then decryption, one 8-byte block per
//! work-item (`cl/crypt.cl`). The plain text goes up once, the cipher text stays on the
//! device for decryption, and both results come down (the program checks both).

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Random;

/// The sample's `inv`: the multiplicative inverse modulo 2^16 + 1.
fn inv(x: i32) -> i32 {
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
            return t0 as i32;
        }
        q = y / xx;
        y %= xx;
        t1 += q * t0;
    }
    ((1 - t1) & 0xffff) as i32
}

/// The sample's `encryptKey`.
fn encrypt_key(user_key: &[i32; 8]) -> [i32; 52] {
    let mut z = [0i32; 52];
    for i in 0..8 {
        z[i] = user_key[i] & 0xffff;
    }
    let ushr9 = |v: i32| ((v as u32) >> 9) as i32;
    for i in 8..52 {
        z[i] = match i % 8 {
            0..=5 => (ushr9(z[i - 7]) | (z[i - 6] << 7)) & 0xffff,
            6 => (ushr9(z[i - 7]) | (z[i - 14] << 7)) & 0xffff,
            _ => (ushr9(z[i - 15]) | (z[i - 14] << 7)) & 0xffff,
        };
    }
    z
}

/// The sample's `decryptKey`.
fn decrypt_key(z: &[i32; 52]) -> [i32; 52] {
    let mut dk = [0i32; 52];
    let mut k = 0usize;
    let mut j = 52usize;
    let mut take = || {
        k += 1;
        z[k - 1]
    };
    let mut put = |value: i32| {
        j -= 1;
        dk[j] = value;
    };
    let t1 = inv(take());
    let t2 = -take() & 0xffff;
    let t3 = -take() & 0xffff;
    put(inv(take()));
    put(t3);
    put(t2);
    put(t1);
    for round in 1..9 {
        let t1 = take();
        put(take());
        put(t1);
        let t1 = inv(take());
        let t2 = -take() & 0xffff;
        let t3 = -take() & 0xffff;
        put(inv(take()));
        // The last round swaps t2 and t3 back, as the sample does.
        if round < 8 {
            put(t2);
            put(t3);
        } else {
            put(t3);
            put(t2);
        }
        put(t1);
    }
    dk
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 80000)? / 8 * 8;
    let mut random = Random::with_seed(136506717);
    let mut user_key = [0i32; 8];
    for key in &mut user_key {
        *key = random.next_int_bounded(65536).map_err(|e| format!("{e:?}"))?;
    }
    let cl = Cl::open(include_str!("cl/crypt.cl"))?;
    let mut plain = cl.pinned::<u8>(n)?;
    for byte in plain.iter_mut() {
        *byte = random.next_int_bounded(256).map_err(|e| format!("{e:?}"))? as u8;
    }
    let z = encrypt_key(&user_key);
    let dk = decrypt_key(&z);

    let mut plain_dev = cl.buffer::<u8>(CL_MEM_READ_ONLY, n)?;
    let crypted_dev = cl.buffer::<u8>(CL_MEM_READ_WRITE, n)?;
    let decrypted_dev = cl.buffer::<u8>(CL_MEM_WRITE_ONLY, n)?;
    let mut z_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, 52)?;
    let mut dk_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, 52)?;
    cl.upload(&mut plain_dev, &plain)?;
    cl.upload(&mut z_dev, &z)?;
    cl.upload(&mut dk_dev, &dk)?;
    let kernel = cl.kernel("cipher")?;
    let local = cl.group_size(&kernel, 256);
    let blocks = n / 8;
    // blocks < 2^28: n came from a Java int.
    let block_count = blocks as i32;
    if blocks > 0 {
        for (from, to, key) in
            [(&plain_dev, &crypted_dev, &z_dev), (&crypted_dev, &decrypted_dev, &dk_dev)]
        {
            args!(&kernel, &from.get(), &to.get(), &key.get(), &block_count);
            cl.launch(&kernel, &[round_up(blocks, local)], &[local])?;
        }
    }
    let mut crypted = cl.pinned::<u8>(n)?;
    let mut decrypted = cl.pinned::<u8>(n)?;
    cl.download(&crypted_dev, &mut crypted)?;
    cl.download(&decrypted_dev, &mut decrypted)?;

    let mut checksum: i64 = 0;
    let mut mismatches = 0;
    for i in 0..n {
        checksum = checksum.wrapping_mul(257).wrapping_add(i64::from(crypted[i]));
        if decrypted[i] != plain[i] {
            mismatches += 1;
        }
    }
    let stdout = format!(
        "crypt n={n}\ncipher checksum {checksum}\nmismatches after decryption {mismatches}\n{}\n",
        if mismatches == 0 { "OK" } else { "FAILED" }
    );
    drop((plain, crypted, decrypted));
    Ok(Outcome { stdout, report: cl.report() })
}
