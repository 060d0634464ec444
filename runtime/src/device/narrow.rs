//! Narrow storage of `int` value arrays (note `device-execution`, "Narrow storage").
//!
//! A value array never changes once made, so when every element of an `int` array a kernel
//! may read narrow (`KernelDesc::narrow`) fits a narrower OpenCL type, its device copy holds
//! that type: 1 or 2 bytes per element instead of 4. The kernel's variant built with
//! `-D<macro>=<type>` reads the narrow type and widens each element to `int` at the load,
//! so it computes exactly what the `int` kernel computes. The range is computed once per
//! array (cached with a weak handle, as the resident copies are) when it is first passed.

use super::resident::{self, Key};
use super::{Elem, HostArray};
use crate::packed::RowIndex;

/// A narrow device type of an `int` array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrow {
    /// `uchar`: 0 ..= 255.
    U8,
    /// `char` (signed): -128 ..= 127.
    I8,
    /// `ushort`: 0 ..= 65535.
    U16,
    /// `short`: -32768 ..= 32767.
    I16,
}

impl Narrow {
    /// The narrowest type holding every value of `lo ..= hi` (`None`: `int` storage). The
    /// unsigned type is preferred at each width (grey levels, indices).
    pub fn of_range(lo: i32, hi: i32) -> Option<Narrow> {
        let fits = |min: i32, max: i32| lo >= min && hi <= max;
        if fits(0, 255) {
            Some(Narrow::U8)
        } else if fits(-128, 127) {
            Some(Narrow::I8)
        } else if fits(0, 65535) {
            Some(Narrow::U16)
        } else if fits(-32768, 32767) {
            Some(Narrow::I16)
        } else {
            None
        }
    }

    /// The OpenCL C type name.
    pub fn c_name(self) -> &'static str {
        match self {
            Narrow::U8 => "uchar",
            Narrow::I8 => "char",
            Narrow::U16 => "ushort",
            Narrow::I16 => "short",
        }
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            Narrow::U8 | Narrow::I8 => 1,
            Narrow::U16 | Narrow::I16 => 2,
        }
    }
}

/// The build options of an argument stored as `narrow` whose element type macro is
/// `macro_name` (`SOMD_ELEM_<f>_<k>`): `-D<macro>=<type>`, and with `uchar` also
/// `-DSOMD_NARROW_U8_<f>_<k>`, which selects the kernel's byte paths (the SAD idiom's
/// `abs_diff` on `uchar16` and rows staged as bytes: note `device-execution`, "The SAD
/// idiom"), since the preprocessor cannot compare a macro's type.
pub fn options(macro_name: &str, narrow: Narrow) -> String {
    let mut text = format!("-D{macro_name}={}", narrow.c_name());
    if narrow == Narrow::U8 {
        if let Some(suffix) = macro_name.strip_prefix("SOMD_ELEM_") {
            text.push_str(&format!(" -DSOMD_NARROW_U8_{suffix}"));
        }
    }
    text
}

/// The `int` elements of `parts` (little-endian device bytes, as [`HostArray::bytes`]).
fn ints<'a>(parts: &'a [&'a [u8]]) -> impl Iterator<Item = i32> + 'a {
    parts
        .iter()
        .flat_map(|p| p.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])))
}

/// The least and greatest element (`None` for no elements), as far as the narrow type needs
/// it: once the elements read span more than any narrow type holds, the read stops and the
/// range read so far is the answer (no narrow type holds it either), so an `int` array
/// that needs its width costs a few blocks, not a pass over all of it. Past a MiB the parts
/// are read on several threads of the CPU pool ([`super::convert_threads`]), in pieces of
/// whole elements, each stopping when any has found such a span.
pub fn range_of(parts: &[&[u8]]) -> Option<(i32, i32)> {
    let index = RowIndex::of(parts.len(), |p| parts[p].len());
    let bytes = index.total();
    let threads = super::convert_threads(bytes);
    let wide = std::sync::atomic::AtomicBool::new(false);
    if threads <= 1 {
        return range_serial(parts.iter().copied(), &wide);
    }
    // About four groups per thread, of whole elements, each finding its own rows.
    let target = (bytes / (threads * 4)).max(1 << 16) / 4 * 4;
    let groups = bytes.div_ceil(target);
    let ranges: Vec<std::sync::Mutex<Option<(i32, i32)>>> =
        (0..groups).map(|_| std::sync::Mutex::new(None)).collect();
    super::for_each_chunk(groups, threads, |g| {
        if let Ok(mut range) = ranges[g].lock() {
            *range = range_serial(index.parts(parts, g * target, (g + 1) * target), &wide);
        }
    });
    ranges
        .into_iter()
        .filter_map(|r| r.into_inner().ok().flatten())
        .reduce(|(lo, hi), (l, h)| (lo.min(l), hi.max(h)))
}

/// Elements read between two looks at whether the range is already too wide.
const RANGE_BLOCK: usize = 16 << 10;

/// [`range_of`] on the calling thread, in blocks of [`RANGE_BLOCK`] elements (a loop the
/// compiler vectorises): stops at the first block after which the range read so far has
/// no narrow type, or after which `wide` is set (another thread found such a range), and
/// then sets `wide`.
fn range_serial<'a>(
    parts: impl IntoIterator<Item = &'a [u8]>,
    wide: &std::sync::atomic::AtomicBool,
) -> Option<(i32, i32)> {
    use std::sync::atomic::Ordering::Relaxed;
    let (mut lo, mut hi, mut any) = (i32::MAX, i32::MIN, false);
    let mut since = 0;
    for part in parts {
        for block in part.chunks(RANGE_BLOCK * 4) {
            for c in block.chunks_exact(4) {
                let v = i32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                lo = lo.min(v);
                hi = hi.max(v);
            }
            any |= block.len() >= 4;
            since += block.len();
            if since >= RANGE_BLOCK * 4 {
                since = 0;
                if any && Narrow::of_range(lo, hi).is_none() {
                    wide.store(true, Relaxed);
                    return Some((lo, hi));
                }
                if wide.load(Relaxed) {
                    return any.then_some((lo, hi));
                }
            }
        }
    }
    any.then_some((lo, hi))
}

/// The elements of `parts` as `narrow` values. Every element must fit (the caller chose
/// `narrow` from their range).
pub fn encode(parts: &[&[u8]], narrow: Narrow) -> Vec<u8> {
    let count: usize = parts.iter().map(|p| p.len() / 4).sum();
    let mut out = Vec::with_capacity(count * narrow.size());
    for v in ints(parts) {
        debug_assert!(Narrow::of_range(v, v).is_some_and(|n| n.size() <= narrow.size()));
        match narrow {
            Narrow::U8 | Narrow::I8 => out.push(v as u8),
            Narrow::U16 | Narrow::I16 => out.extend_from_slice(&(v as u16).to_le_bytes()),
        }
    }
    out
}

/// Calls `f` with the device bytes of `array` (its storage when that is the device
/// representation, a matrix's short rows too, else its converted bytes).
fn with_parts<R>(array: &dyn HostArray, f: impl FnOnce(&[&[u8]]) -> R) -> R {
    match array.raw_rows().or_else(|| array.row_slices()) {
        Some(rows) => f(&rows),
        None => {
            let bytes = array.bytes();
            f(&[&bytes])
        }
    }
}

/// The narrow type `array` (an `int` array) can be stored in, if any; its range is read
/// once per array and remembered while the program holds the array.
pub(super) fn choose(array: &dyn HostArray) -> Option<Narrow> {
    // A result left on the device keeps its width: its range would need the whole array
    // on the host.
    if array.elem() != Elem::I32 || !array.on_host() {
        return None;
    }
    let compute = || with_parts(array, range_of);
    let range = match array.resident_key() {
        Some(key) => resident::element_range(key, compute),
        None => compute(),
    };
    // An empty array: any type holds it.
    let (lo, hi) = range.unwrap_or((0, 0));
    Narrow::of_range(lo, hi)
}

/// The device bytes of `array` stored as `narrow`.
pub(super) fn bytes(array: &dyn HostArray, narrow: Narrow) -> Vec<u8> {
    with_parts(array, |parts| encode(parts, narrow))
}

/// The resident key of `array`'s narrow copy: the same storage, its narrow size and type.
pub(super) fn key(array: &dyn HostArray, narrow: Narrow, count: usize) -> Option<Key> {
    array.resident_key().map(|key| key.narrowed(count * narrow.size(), narrow.size()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn le(values: &[i32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    #[test]
    fn the_range_picks_the_narrowest_type_that_holds_every_element() {
        let pick = |values: &[i32]| {
            let bytes = le(values);
            let (lo, hi) = range_of(&[&bytes]).expect("elements");
            Narrow::of_range(lo, hi)
        };
        assert_eq!(pick(&[0, 255, 17]), Some(Narrow::U8));
        assert_eq!(pick(&[-1, 0, 127]), Some(Narrow::I8));
        assert_eq!(pick(&[-128, 127]), Some(Narrow::I8));
        assert_eq!(pick(&[-129, 0]), Some(Narrow::I16));
        assert_eq!(pick(&[0, 256]), Some(Narrow::U16));
        assert_eq!(pick(&[-1, 255]), Some(Narrow::I16));
        assert_eq!(pick(&[0, 65535]), Some(Narrow::U16));
        assert_eq!(pick(&[-1, 65535]), None);
        assert_eq!(pick(&[-32768, 32767]), Some(Narrow::I16));
        assert_eq!(pick(&[0, 65536]), None);
        assert_eq!(pick(&[i32::MIN, 0]), None);
        assert_eq!(pick(&[5, i32::MAX]), None);
        assert_eq!(range_of(&[]), None);
    }

    /// Past a MiB the range is read in pieces on several threads: the same range however
    /// the parts are cut (one long part, many short ones, empty ones between).
    #[test]
    fn large_ranges_read_in_pieces_match_the_serial_read() {
        let mut values: Vec<i32> = (0..1 << 20).map(|i: i32| i % 1000 - 500).collect();
        values[700_001] = -30_000;
        values[3] = 30_000;
        let bytes = le(&values);
        assert_eq!(range_of(&[&bytes]), Some((-30_000, 30_000)));
        let parts = cut(&bytes);
        assert_eq!(range_of(&parts), Some((-30_000, 30_000)));
        assert_eq!(
            range_serial(parts.iter().copied(), &AtomicBool::new(false)),
            Some((-30_000, 30_000))
        );
        assert_eq!(range_of(&[&[], &[]]), None);
    }

    /// A read stops once the range has no narrow type: what it returns has none either, and
    /// an element that makes the array wide is found wherever it lies.
    #[test]
    fn ranges_too_wide_for_a_narrow_type_stop_early_with_the_same_choice() {
        let pick = |parts: &[&[u8]]| range_of(parts).and_then(|(lo, hi)| Narrow::of_range(lo, hi));
        let mut values: Vec<i32> = (0..1 << 20).map(|i: i32| (i % 100_000) * 7919).collect();
        let bytes = le(&values);
        let (lo, hi) = range_serial([&bytes[..]], &AtomicBool::new(false)).expect("elements");
        assert_eq!((lo, hi), (0, (RANGE_BLOCK as i32 - 1) * 7919), "stopped after a block");
        assert_eq!(pick(&[&bytes]), None);
        for at in [0, 5, RANGE_BLOCK - 1, RANGE_BLOCK, 700_001, (1 << 20) - 1] {
            values.iter_mut().enumerate().for_each(|(i, v)| *v = (i % 200) as i32);
            values[at] = 70_000;
            let bytes = le(&values);
            assert_eq!(pick(&[&bytes]), None, "wide element at {at}");
            assert_eq!(pick(&cut(&bytes)), None, "wide element at {at}, cut");
            values[at] = 255;
            let bytes = le(&values);
            assert_eq!(pick(&cut(&bytes)), Some(Narrow::U8));
        }
    }

    /// `bytes` cut into parts of 0 to 36 elements.
    fn cut(bytes: &[u8]) -> Vec<&[u8]> {
        let mut parts: Vec<&[u8]> = Vec::new();
        let mut at = 0;
        for len in (0..).map(|k: usize| (k % 37) * 4) {
            if at >= bytes.len() {
                break;
            }
            let end = (at + len).min(bytes.len());
            parts.push(&bytes[at..end]);
            at = end;
        }
        parts
    }

    #[test]
    fn uchar_options_also_select_the_byte_paths() {
        assert_eq!(
            options("SOMD_ELEM_Mosaic_bestMatch_0", Narrow::U8),
            "-DSOMD_ELEM_Mosaic_bestMatch_0=uchar -DSOMD_NARROW_U8_Mosaic_bestMatch_0"
        );
        assert_eq!(options("SOMD_ELEM_F_1", Narrow::I8), "-DSOMD_ELEM_F_1=char");
        assert_eq!(options("SOMD_ELEM_F_1", Narrow::U16), "-DSOMD_ELEM_F_1=ushort");
    }

    #[test]
    fn narrow_bytes_widen_back_to_the_same_ints() {
        let values = [0, 1, 254, 255, 7];
        let bytes = le(&values);
        let enc = encode(&[&bytes[..8], &bytes[8..]], Narrow::U8);
        assert_eq!(enc.iter().map(|b| i32::from(*b)).collect::<Vec<_>>(), values);
        let signed = [-128, -1, 0, 127];
        let bytes = le(&signed);
        let enc = encode(&[&bytes], Narrow::I8);
        assert_eq!(enc.iter().map(|b| i32::from(*b as i8)).collect::<Vec<_>>(), signed);
        let wide = [-32768, -1, 300, 32767];
        let bytes = le(&wide);
        let enc = encode(&[&bytes], Narrow::I16);
        let back: Vec<i32> =
            enc.chunks(2).map(|c| i32::from(i16::from_le_bytes([c[0], c[1]]))).collect();
        assert_eq!(back, wide);
        let unsigned = [0, 256, 65535];
        let bytes = le(&unsigned);
        let enc = encode(&[&bytes], Narrow::U16);
        let back: Vec<i32> =
            enc.chunks(2).map(|c| i32::from(u16::from_le_bytes([c[0], c[1]]))).collect();
        assert_eq!(back, unsigned);
    }
}
