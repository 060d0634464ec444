//! Ragged 2-D value arrays on the device: a `@` mapping a `T[[]][[]]` whose rows differ in
//! length, and a filter task's batch of value-array items of different lengths.
//!
//! A rectangular matrix crosses row-major with its row length, and work-item `i` finds row
//! `i` at `i * len`. A ragged one has no such shape: such a kernel has a second form, its
//! *ragged variant* (the compiler's `opencl::RaggedVariant`, [`KernelDesc::ragged`]), which
//! takes each mapped 2-D argument packed (its rows one after the other, the same bytes as
//! the row-major copy of a rectangular one) and, after the construct's arguments, the
//! offset of each row's first element, one more than the rows (`int`): work-item `i` gets
//! `arg[off[i] .. off[i + 1])`. A call whose mapped matrices are all rectangular launches
//! the kernel itself; one with a ragged matrix launches the variant, with every mapped
//! matrix packed.
//!
//! A value array never changes, so both copies are kept as any value array's
//! (`device/resident.rs`): the packed elements under the matrix's own key (its row-major
//! bytes), the offsets under the same storage marked as offsets. A matrix that is `null`
//! or holds a `null` row has no packed form either: the call runs on the CPU, which raises
//! Java's exception where the program reads it.

use super::{Elem, HostArg, HostArray, KernelDesc, PackedRows, ResidentKey};

/// A 2-D array as the ragged variant takes it: its rows one after the other.
struct Packed<'a> {
    rows: &'a dyn HostArray,
    elements: usize,
}

impl HostArray for Packed<'_> {
    fn elem(&self) -> Elem {
        self.rows.elem()
    }

    fn shape(&self) -> Option<Vec<usize>> {
        Some(vec![self.elements])
    }

    /// The rows' elements, packed as [`HostArray::bytes`] packs a rectangular matrix's.
    fn bytes(&self) -> Vec<u8> {
        self.rows.bytes()
    }

    /// Each row's storage (the upload packs or stages them; narrowing reads them).
    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        self.rows.row_slices()
    }

    /// The matrix's own key: its packed elements are its row-major bytes.
    fn resident_key(&self) -> Option<ResidentKey> {
        self.rows.resident_key()
    }

    /// The matrix's rows, at their packed offset.
    fn stale_part(&self, lo: usize, hi: usize) -> Option<(usize, Vec<&[u8]>)> {
        self.rows.stale_part(lo, hi)
    }
}

/// The offsets of a packed matrix's rows: row `i` is `[off[i], off[i + 1])`.
struct Offsets {
    /// The offsets as the device stores them (`int`).
    bytes: std::sync::Arc<[u8]>,
    key: Option<ResidentKey>,
}

impl HostArray for Offsets {
    fn elem(&self) -> Elem {
        Elem::I32
    }

    fn shape(&self) -> Option<Vec<usize>> {
        Some(vec![self.bytes.len() / 4])
    }

    fn bytes(&self) -> Vec<u8> {
        self.bytes.to_vec()
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        Some(vec![&self.bytes])
    }

    fn resident_key(&self) -> Option<ResidentKey> {
        self.key.clone()
    }
}

/// A call of a kernel's ragged variant: the packed form of each mapped matrix, and its
/// rows' offsets.
pub(super) struct RaggedCall<'a> {
    pub(super) desc: &'static KernelDesc,
    packed: Vec<(usize, Packed<'a>)>,
    offsets: Vec<Offsets>,
}

impl<'a> RaggedCall<'a> {
    /// The ragged variant's call when `desc` has one and one of the matrices it maps is
    /// ragged; `None` for a call of `desc` itself (all of them rectangular, or one `null`,
    /// holding a `null` row or of more than `Integer.MAX_VALUE` elements, which `desc`
    /// declines in turn). A value array's layout is remembered
    /// ([`HostArray::packed_rows`]): a later call over it reads no row.
    pub(super) fn of(desc: &'static KernelDesc, args: &[HostArg<'a>]) -> Option<RaggedCall<'a>> {
        let (variant, params) = desc.ragged?;
        if !crate::opencl::policy::any_device_placement() {
            return None;
        }
        let mut matrices = Vec::with_capacity(params.len());
        for p in params {
            let Some(HostArg::Array(a)) = args.get(*p) else { return None };
            matrices.push((*p, *a));
        }
        if matrices.iter().all(|(_, a)| a.shape().is_some()) {
            return None;
        }
        let mut packed = Vec::with_capacity(matrices.len());
        let mut offsets = Vec::with_capacity(matrices.len());
        for (p, rows) in matrices {
            let PackedRows { elements, offsets: bytes } = rows.packed_rows()?;
            let key = rows.resident_key().map(|key| key.row_offsets(bytes.len()));
            packed.push((p, Packed { rows, elements }));
            offsets.push(Offsets { bytes, key });
        }
        Some(RaggedCall { desc: variant, packed, offsets })
    }

    /// The variant's arguments: `args` with each mapped matrix packed, then their offsets.
    pub(super) fn args<'s>(&'s self, args: &[HostArg<'s>]) -> Vec<HostArg<'s>> {
        let mut out = args.to_vec();
        for (p, packed) in &self.packed {
            out[*p] = HostArg::Array(packed);
        }
        out.extend(self.offsets.iter().map(|o| HostArg::Array(o)));
        out
    }
}

/// `run(desc, args)`, or `run(variant, packed)` for the ragged variant of `desc` when a
/// matrix it maps is ragged ([`RaggedCall::of`]).
pub(super) fn or_ragged<R>(
    desc: &'static KernelDesc,
    args: &[HostArg<'_>],
    run: impl FnOnce(&'static KernelDesc, &[HostArg<'_>]) -> R,
) -> R {
    match RaggedCall::of(desc, args) {
        Some(call) => run(call.desc, &call.args(args)),
        None => run(desc, args),
    }
}
