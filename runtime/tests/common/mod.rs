//! Helpers the runtime's test files share.

/// Spins in `exec::spin_check` as a loop that only its data end would, until the check
/// leaves (an unwind) or `limit` has passed; returns whether the limit passed.
pub fn spin_until(limit: std::time::Duration) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed() < limit {
        somd_runtime::exec::spin_check();
        std::hint::spin_loop();
    }
    true
}
