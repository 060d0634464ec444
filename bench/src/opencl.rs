//! What the harness knows about the hand-tuned OpenCL baselines (`bench/clbaselines/`):
//! which benchmarks have one, the device's copy bandwidth, and the bytes a bandwidth-bound
//! benchmark's device work must move, for the achieved GB/s of the report.

use std::path::Path;
use std::process::Command;

pub use somd_bench::HAND_OPENCL;

/// Whether benchmark `name` has a hand-tuned OpenCL baseline.
pub fn has_hand_opencl(name: &str) -> bool {
    HAND_OPENCL.contains(&name)
}

/// Integer argument `index` of a run, or the sample's default when absent.
fn arg(args: &[&str], index: usize, default: u64) -> Option<u64> {
    match args.get(index) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    }
}

/// The bytes the device work of a bandwidth-bound benchmark must read and write at the
/// least, for one run with `args` (the samples' defaults where absent); `None` for the
/// compute-bound ones. Every computation the sample performs on the device counts:
/// - `vectoradd`: two int arrays read, one written: 12 bytes per element;
/// - `saxpy`: 12 bytes per element, twice (the SOMD method and the `@` map);
/// - `blackscholes`: the `@ price` map reads 4 and writes 8 bytes per option, its two
///   totals need nothing more when fused with it, and the SOMD method `totalCalls` reads
///   the 4 bytes again: 16 bytes per option;
/// - `crypt`: every byte read and written once by encryption and once by decryption.
pub fn bytes_moved(name: &str, args: &[&str]) -> Option<u64> {
    match name {
        "vectoradd" => Some(12 * arg(args, 0, 100_000)?),
        "saxpy" => Some(2 * 12 * arg(args, 0, 100_000)?),
        "blackscholes" => Some(16 * arg(args, 0, 10_000)?),
        "crypt" => Some(4 * (arg(args, 0, 80_000)? / 8 * 8)),
        _ => None,
    }
}

/// The device's copy bandwidth in GB/s (bytes read + written per second), as
/// `somd-clbaseline copy` measures it; `Err` with the reason when it cannot.
pub fn copy_bandwidth(clbaseline: &Path) -> Result<f64, String> {
    let output = Command::new(clbaseline)
        .arg("copy")
        .env("SOMD_DEVICE", "opencl")
        .output()
        .map_err(|e| format!("cannot start {}: {e}", clbaseline.display()))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .split_whitespace()
        .find_map(|word| word.strip_prefix("copy_gbps="))
        .and_then(|value| value.parse().ok())
        .ok_or_else(|| format!("unexpected output of somd-clbaseline copy: {stdout:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_of_bandwidth_bound_benchmarks() {
        assert_eq!(bytes_moved("saxpy", &["1000"]), Some(24_000));
        assert_eq!(bytes_moved("saxpy", &[]), Some(2_400_000));
        assert_eq!(bytes_moved("crypt", &["1001"]), Some(4_000));
        assert_eq!(bytes_moved("blackscholes", &["10"]), Some(160));
        assert_eq!(bytes_moved("nbody", &["4096", "10"]), None);
        assert_eq!(bytes_moved("saxpy", &["many"]), None);
    }
}
