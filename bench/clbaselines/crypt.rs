//! Crypt (`samples/crypt.somd`): IDEA encryption then decryption, one 8-byte block per
//! work-item (`cl/crypt.cl`). The plain text goes up once, the cipher text stays on the
//! device for decryption, and both results come down (the program checks both).

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_bench::idea::{decrypt_key, encrypt_key};
use somd_runtime::java::Random;

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
