//! JavaGrande Crypt (`samples/crypt.somd`): IDEA encryption and decryption of a random
//! byte array with the sample's keys, then a checksum of the cipher text and a count of
//! bytes that decryption did not restore.
//!
//! The kernel region is both ciphering passes, the two calls of the sample's SOMD method.

use crate::{int_arg, Outcome};
use rayon::prelude::*;
use somd_bench::idea::{decrypt_key, encrypt_key, mul};
use somd_runtime::java::Random;
use std::time::Instant;

/// Ciphers one 8-byte IDEA block, as one iteration of the sample's loop.
fn cipher_block(text: &[u8], out: &mut [u8], key: &[i32; 52]) {
    let half = |lo: usize| i32::from(text[lo]) | (i32::from(text[lo + 1]) << 8);
    let (mut x1, mut x2, mut x3, mut x4) = (half(0), half(2), half(4), half(6));
    let mut subkeys = key.iter().copied();
    let mut ik = || subkeys.next().unwrap_or(0);
    for _ in 0..8 {
        x1 = mul(x1, ik());
        x2 = (x2 + ik()) & 0xffff;
        x3 = (x3 + ik()) & 0xffff;
        x4 = mul(x4, ik());
        let mut t2 = mul(x1 ^ x3, ik());
        let t1 = mul((t2 + (x2 ^ x4)) & 0xffff, ik());
        t2 = (t1 + t2) & 0xffff;
        x1 ^= t1;
        x4 ^= t2;
        t2 ^= x2;
        x2 = x3 ^ t1;
        x3 = t2;
    }
    x1 = mul(x1, ik());
    x3 = (x3 + ik()) & 0xffff;
    x2 = (x2 + ik()) & 0xffff;
    x4 = mul(x4, ik());
    for (pair, value) in out.chunks_exact_mut(2).zip([x1, x3, x2, x4]) {
        // Java's `(byte) x` and `(byte) (x >>> 8)` of a 16-bit value.
        pair[0] = value as u8;
        pair[1] = (value >> 8) as u8;
    }
}

/// The sample's SOMD method `cipher`: every 8-byte block independently.
fn cipher(text: &[u8], key: &[i32; 52], parallel: bool) -> Vec<u8> {
    let mut out = vec![0u8; text.len()];
    if parallel {
        out.par_chunks_exact_mut(8)
            .zip(text.par_chunks_exact(8))
            .for_each(|(out, text)| cipher_block(text, out, key));
    } else {
        for (out, text) in out.chunks_exact_mut(8).zip(text.chunks_exact(8)) {
            cipher_block(text, out, key);
        }
    }
    out
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = int_arg(args, 0, 80_000)? / 8 * 8;
    let len = usize::try_from(n).map_err(|_| format!("negative array size {n}"))?;
    let mut random = Random::with_seed(136_506_717);
    let mut user_key = [0i32; 8];
    for k in &mut user_key {
        *k = random.next_int_bounded(65536).map_err(|e| format!("{e:?}"))?;
    }
    let mut plain = vec![0u8; len];
    for byte in &mut plain {
        // Java's `(byte) nextInt(256)`, kept unsigned: only `& 0xff` and `!=` read it.
        *byte = random.next_int_bounded(256).map_err(|e| format!("{e:?}"))? as u8;
    }
    let z = encrypt_key(&user_key);
    let dk = decrypt_key(&z);

    let started = Instant::now();
    let crypted = cipher(&plain, &z, parallel);
    let decrypted = cipher(&crypted, &dk, parallel);
    let kernel = started.elapsed();

    let mut checksum = 0i64;
    let mut mismatches = 0i32;
    for i in 0..len {
        checksum = checksum.wrapping_mul(257).wrapping_add(i64::from(crypted[i]));
        if decrypted[i] != plain[i] {
            mismatches += 1;
        }
    }
    let verdict = if mismatches == 0 { "OK" } else { "FAILED" };
    let stdout = format!(
        "crypt n={n}\ncipher checksum {checksum}\nmismatches after decryption {mismatches}\n\
         {verdict}\n"
    );
    Ok(Outcome { stdout, kernel })
}
