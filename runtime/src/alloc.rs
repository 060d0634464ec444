//! The generated programs' global allocator: the system allocator, with every large block
//! advised to use transparent huge pages, except on virtual machines whose host takes free
//! memory back.
//!
//! A program's large arrays are fresh memory: the kernel maps each page at its first
//! touch, so writing an array of 80 MB for the first time costs 20,480 page faults of
//! 4 KiB, several times the cost of writing it again (measured on the 2-core development
//! machine: 32–34 ms for the first write of 80 MB, 6.3 ms for the second; with huge
//! pages, 9–14 ms). Downloads into a new array pay the same faults inside the transfer.
//! Where the kernel leaves huge pages to the program (`madvise` in
//! `/sys/kernel/mm/transparent_hugepage/enabled`, Debian's default), a block of
//! [`ADVISE_MIN`] bytes or more is advised with `MADV_HUGEPAGE`, so its 2 MiB-aligned
//! interior faults in 2 MiB at a time. The blocks themselves come from the system
//! allocator as before (its reuse of freed blocks included); only the advice is added.
//!
//! Where the host takes free memory back from a virtual machine (a virtio balloon with free
//! page reporting, which Firecracker, for one, can enable), huge pages cost instead: the
//! guest makes them from the large free blocks the host has discarded, and the host backs
//! each again at its first touch, 4 KiB at a time; 4 KiB pages come mostly from memory the
//! guest used last, still backed. On the 2-core development machine (free blocks of 8 MiB
//! reported, later of 2 MiB), K-Means at 8,000,000 points ran 2.7 s with the advice
//! against 0.53 s without, after a few seconds' pause (2.2 s of it in the kernel). The
//! first large block therefore looks for such a balloon ([`host_reclaims_free_pages`]) and
//! advises nothing where it finds one.
//!
//! `SOMD_HUGEPAGES=0` turns the advice off and `SOMD_HUGEPAGES=1` on whatever the machine
//! ([`crate::exec::apply_huge_pages_switch`], when `main` starts).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU8, Ordering};

/// Blocks of this many bytes or more are advised: two huge pages, so that one at least
/// lies inside the block whatever its alignment.
pub const ADVISE_MIN: usize = 4 << 20;

/// The size and alignment of a transparent huge page on x86-64 and most arm64 kernels.
const HUGE_PAGE: usize = 2 << 20;

/// Whether large blocks get the huge-page advice (`SOMD_HUGEPAGES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HugePages {
    /// Where the host does not take free memory back ([`host_reclaims_free_pages`]),
    /// decided at the first large block.
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

/// [`ADVICE`] before the first large block decides it under [`HugePages::Auto`].
const UNDECIDED: u8 = 0;
/// [`ADVICE`]: large blocks are advised.
const ADVISE: u8 = 1;
/// [`ADVICE`]: large blocks keep the kernel's default pages.
const PLAIN: u8 = 2;

/// The advice of later large blocks: [`UNDECIDED`], [`ADVISE`] or [`PLAIN`].
static ADVICE: AtomicU8 = AtomicU8::new(UNDECIDED);

/// Sets the advice of later large blocks.
pub fn set_huge_pages(mode: HugePages) {
    let advice = match mode {
        HugePages::Auto => UNDECIDED,
        HugePages::On => ADVISE,
        HugePages::Off => PLAIN,
    };
    ADVICE.store(advice, Ordering::Relaxed);
}

/// The allocator a generated program declares as `#[global_allocator]`.
pub struct SomdAlloc;

// SAFETY: every block comes from `System` and goes back to it with the same layout; the
// advice changes how the kernel backs the pages, never their contents or ownership.
unsafe impl GlobalAlloc for SomdAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`. A fresh mapping is not touched by `calloc`, so the advice
        // comes before its first fault.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise(block, layout.size());
        block
    }

    #[inline]
    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from `System` with `layout`.
        unsafe { System.dealloc(block, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `block` came from `System` with `layout`.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if new_size > layout.size() {
            advise(moved, new_size);
        }
        moved
    }
}

/// Advises the huge pages that lie wholly inside `block..block + size`, for large blocks.
#[inline]
fn advise(block: *mut u8, size: usize) {
    if size >= ADVISE_MIN && !block.is_null() && ADVICE.load(Ordering::Relaxed) != PLAIN {
        advise_large(block as usize, size);
    }
}

/// [`advise`]'s large blocks: decides [`HugePages::Auto`] at the first. Two threads may both
/// decide; they find the same machine.
#[cold]
#[inline(never)]
fn advise_large(start: usize, size: usize) {
    let mut advice = ADVICE.load(Ordering::Relaxed);
    if advice == UNDECIDED {
        // Reading the machine's devices allocates only small blocks, which never come here.
        let found = if host_reclaims_free_pages() { PLAIN } else { ADVISE };
        // A `set_huge_pages` meanwhile wins.
        advice =
            match ADVICE.compare_exchange(UNDECIDED, found, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => found,
                Err(set) => set,
            };
    }
    if advice == ADVISE {
        advise_range(start, size);
    }
}

/// Whether the machine is a virtual machine whose host takes its free memory back: a bound
/// virtio balloon (device 5) that negotiated free page reporting (feature bit 5,
/// `VIRTIO_BALLOON_F_REPORTING`; `features` lists the bits from bit 0 as `0`s and `1`s).
#[cfg(target_os = "linux")]
pub fn host_reclaims_free_pages() -> bool {
    reporting_balloon_in(std::path::Path::new("/sys/bus/virtio/devices"))
}

#[cfg(not(target_os = "linux"))]
pub fn host_reclaims_free_pages() -> bool {
    false
}

/// [`host_reclaims_free_pages`] over the virtio devices listed in `devices`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn reporting_balloon_in(devices: &std::path::Path) -> bool {
    let Ok(devices) = std::fs::read_dir(devices) else {
        return false;
    };
    devices.flatten().any(|device| {
        let path = device.path();
        let read = |name: &str| std::fs::read_to_string(path.join(name)).unwrap_or_default();
        read("device").trim() == "0x0005"
            && read("features").as_bytes().get(5) == Some(&b'1')
            && path.join("driver").exists()
    })
}

#[cfg(target_os = "linux")]
fn advise_range(start: usize, size: usize) {
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + size) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: `first..end` lies inside a block this process owns; the advice has no
        // effect on its contents. A kernel without transparent huge pages answers
        // `EINVAL`, which leaves the pages as they were: nothing to report.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_range(_start: usize, _size: usize) {}

/// Arrays of this many bytes or more are tried before they are made ([`room_for`]).
pub(crate) const TRY_MIN: u128 = 64 << 20;

/// Java's `OutOfMemoryError` at `pos` where a new array cannot be made: `dims` are its
/// lengths along the dimensions `new` gives, `leaf` the bytes of each innermost element
/// (every array along the way is a handle of a few words). A length of `Integer.MAX_VALUE`
/// or one less is past the JVM's limit; an array of [`TRY_MIN`] bytes or more in all is
/// tried first, one block of its whole size from the system, given back at once: where
/// that fails, so would the array's own allocations, which abort the process (Rust's
/// collections do on a failed allocation) and lose the output still buffered. Memory the
/// system grants but cannot back later (overcommit) is out of the program's reach.
pub fn room_for(dims: &[usize], leaf: usize, pos: &'static crate::error::SourcePos) {
    use crate::error::{throw, JavaException};
    if dims.iter().any(|&d| d >= i32::MAX as usize - 1) {
        throw(JavaException::new(
            "java.lang.OutOfMemoryError",
            "Requested array size exceeds VM limit",
            *pos,
        ));
    }
    let handle = std::mem::size_of::<crate::value::Array<u8>>() as u128;
    let (mut count, mut bytes) = (1u128, 0u128);
    for (k, &d) in dims.iter().enumerate() {
        count = count.saturating_mul(d as u128);
        let each = if k + 1 == dims.len() { leaf.max(1) as u128 } else { handle };
        bytes = bytes.saturating_add(count.saturating_mul(each));
    }
    if bytes < TRY_MIN {
        return;
    }
    let granted = usize::try_from(bytes)
        .ok()
        .and_then(|b| Layout::from_size_align(b, 64).ok())
        .filter(|layout| {
            // SAFETY: a non-zero size; the block is given back with the same layout.
            let block = unsafe { System.alloc(*layout) };
            let ok = !block.is_null();
            if ok {
                // SAFETY: allocated just above with `layout`, never used.
                unsafe { System.dealloc(block, *layout) };
            }
            ok
        });
    if granted.is_none() {
        throw(JavaException::new("java.lang.OutOfMemoryError", "Java heap space", *pos));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `AnonHugePages` of this process's mappings that overlap `start..start + size`,
    /// in KiB (`/proc/self/smaps`).
    #[cfg(target_os = "linux")]
    fn huge_kib(start: usize, size: usize) -> u64 {
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("/proc/self/smaps");
        let mut overlaps = false;
        let mut kib = 0;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().and_then(|r| r.split_once('-'));
            if let Some((lo, hi)) = range.filter(|_| !line.ends_with(':') && line.contains(' ')) {
                if let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
                {
                    overlaps = lo < start + size && start < hi;
                    continue;
                }
            }
            if let Some(rest) = line.strip_prefix("AnonHugePages:") {
                if overlaps {
                    let value = rest.trim().trim_end_matches("kB").trim();
                    kib += value.parse::<u64>().expect("a number of kB");
                }
            }
        }
        kib
    }

    /// A large block faults in huge pages with the advice, and in 4 KiB pages without it
    /// where the kernel leaves huge pages to the program.
    #[cfg(target_os = "linux")]
    #[test]
    fn advised_blocks_fault_in_huge_pages() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .unwrap_or_default();
        if !mode.contains("[madvise]") && !mode.contains("[always]") {
            eprintln!("SKIPPED: transparent huge pages are off here ({})", mode.trim());
            return;
        }
        // Past glibc's largest mmap threshold, so a fresh mapping each time.
        let size = 48 << 20;
        let layout = Layout::from_size_align(size, 8).expect("layout");
        let fault = |advise: bool| {
            set_huge_pages(if advise { HugePages::On } else { HugePages::Off });
            // SAFETY: a non-zero layout; the block is written within its size, then freed.
            let kib = unsafe {
                let block = SomdAlloc.alloc_zeroed(layout);
                assert!(!block.is_null());
                for page in (0..size).step_by(4096) {
                    block.add(page).write(1);
                }
                let kib = huge_kib(block as usize, size);
                SomdAlloc.dealloc(block, layout);
                kib
            };
            set_huge_pages(HugePages::Auto);
            kib
        };
        let advised = fault(true);
        assert!(advised >= 2048, "an advised block of 48 MiB has {advised} KiB of huge pages");
        if mode.contains("[madvise]") {
            assert_eq!(fault(false), 0, "a block without the advice has huge pages");
        }
    }

    /// A balloon counts only bound, and with bit 5 of its features; other devices never.
    #[test]
    fn reporting_balloons_are_found_by_device_and_feature_bit() {
        let root = std::env::temp_dir().join(format!("somd-balloon-{}", std::process::id()));
        let device = |name: &str, id: &str, features: &str, bound: bool| {
            let dir = root.join(name);
            std::fs::create_dir_all(&dir).expect("device folder");
            std::fs::write(dir.join("device"), format!("{id}\n")).expect("device");
            std::fs::write(dir.join("features"), format!("{features}\n")).expect("features");
            if bound {
                std::fs::create_dir_all(dir.join("driver")).expect("driver");
            }
        };
        let _ = std::fs::remove_dir_all(&root);
        assert!(!reporting_balloon_in(&root), "no folder");
        device("virtio0", "0x0002", "0010011001", true);
        device("virtio1", "0x0005", "0110000000", true);
        device("virtio2", "0x0005", "0110010000", false);
        assert!(!reporting_balloon_in(&root), "a block device and balloons without reporting");
        // Bit 5 counted from the end, as a format listing bit 0 last would put it.
        device("virtio4", "0x0005", "0000000000100000", true);
        assert!(!reporting_balloon_in(&root), "bits are listed from bit 0");
        device("virtio3", "0x0005", "0110010100", true);
        assert!(reporting_balloon_in(&root), "a bound balloon reporting free pages");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn large_blocks_round_trip_through_every_entry() {
        let alloc = SomdAlloc;
        for size in [16, ADVISE_MIN - 1, ADVISE_MIN, 3 * HUGE_PAGE + 123] {
            let layout = Layout::from_size_align(size, 8).expect("layout");
            // SAFETY: a non-zero layout; the block is written within its size, then freed
            // with the layout of its last size.
            unsafe {
                let zeroed = alloc.alloc_zeroed(layout);
                assert!(!zeroed.is_null());
                assert!(std::slice::from_raw_parts(zeroed, size).iter().all(|&b| b == 0));
                zeroed.write_bytes(7, size);
                let grown = alloc.realloc(zeroed, layout, size * 2);
                assert!(!grown.is_null());
                assert!(std::slice::from_raw_parts(grown, size).iter().all(|&b| b == 7));
                alloc.dealloc(grown, Layout::from_size_align(size * 2, 8).expect("layout"));
                let plain = alloc.alloc(layout);
                plain.write_bytes(1, size);
                alloc.dealloc(plain, layout);
            }
        }
    }

    #[test]
    fn arrays_the_system_cannot_hold_are_out_of_memory_errors() {
        static POS: crate::error::SourcePos = crate::error::SourcePos::new("t.somd", 2, 9);
        let raised = |dims: &[usize], leaf: usize| {
            crate::error::catch(|| room_for(dims, leaf, &POS)).err().map(|e| e.detail)
        };
        assert_eq!(raised(&[1000, 1000], 8), None);
        let limit = Some("Requested array size exceeds VM limit".to_string());
        assert_eq!(raised(&[i32::MAX as usize], 8), limit);
        assert_eq!(raised(&[1 << 30, 1 << 30], 8), Some("Java heap space".to_string()));
    }
}
