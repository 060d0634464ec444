//! The program's static data on the device: the `static final` fields its kernels read
//! (note `device-execution`, "Static data").
//!
//! A `local` method may read a `static final` field holding a primitive, a value-class
//! object or a value array (LANGUAGE.md §3.2): none of them can change once the class is
//! initialised. Generated code lists those fields in a *provider*
//! (`fn(&mut StaticsWriter)`, [`provide`]), and every kernel of a program that reads one
//! takes one more buffer argument ([`super::ArgSpec::Statics`]): a header of
//! [`HEAD_INTS`] `int`s per field (the byte offset of its data, its lengths), then the data,
//! each field's at a multiple of [`ALIGN`] bytes. Kernels read it through `somd_err->st`
//! (`somd_errors.cl`, `SOMD_ST`).
//!
//! Once the static initialisers have run ([`ready`]) the buffer is made once per device and
//! kept for the whole run: its contents cannot change. A kernel launched by a static
//! initialiser reads the fields as they are at that moment (a later field is still `0` or
//! `null`), so until then each launch makes its own. A field that is `null` (or a value
//! object holding a `null`) or a ragged 2-D value array has no device representation: the
//! buffer leaves it out, and a call whose kernel reads it
//! ([`super::ArgSpec::Statics`] lists the fields) runs on the CPU, which raises the
//! exception where Java does; kernels reading only other fields still launch.

use super::{upload_bytes, DevBuf, DevElem, Held, HostArray};
use crate::opencl::DeviceCtx;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// `int`s of the header per field: byte offset of the data, length of dimension 0, length
/// of dimension 1, unused (`somd_errors.cl`, `SOMD_ST_HEAD`).
pub const HEAD_INTS: usize = 4;

/// Alignment of each field's data: the largest an OpenCL C type needs (`double16`).
pub const ALIGN: usize = 128;

/// Appends the fields a provider lists, in the order of the kernels' field numbers.
#[derive(Default)]
pub struct StaticsWriter {
    head: Vec<i32>,
    data: Vec<u8>,
    /// Per field: it has no device representation (`null`, ragged, too large).
    missing: Vec<bool>,
}

impl StaticsWriter {
    fn start(&mut self, dims: [usize; 2]) -> bool {
        let aligned = self.data.len().next_multiple_of(ALIGN);
        self.data.resize(aligned, 0);
        let fits = |v: usize| i32::try_from(v).ok();
        match (fits(aligned), fits(dims[0]), fits(dims[1])) {
            (Some(at), Some(d0), Some(d1)) => {
                self.head.extend([at, d0, d1, 0]);
                self.missing.push(false);
                true
            }
            _ => {
                self.skip();
                false
            }
        }
    }

    /// A field without a device representation: zeros in the header.
    fn skip(&mut self) {
        self.head.extend([0; HEAD_INTS]);
        self.missing.push(true);
    }

    /// A primitive or value-class field.
    pub fn scalar<T: DevElem>(&mut self, value: &T) {
        if value.is_null() {
            self.skip();
        } else if self.start([1, 1]) {
            value.put(&mut self.data);
        }
    }

    /// A value-array field (1-D, or a rectangular 2-D array stored row after row).
    pub fn array(&mut self, array: &dyn HostArray) {
        let dims = match array.shape().as_deref() {
            Some(&[n]) => Some([n, 1]),
            Some(&[rows, cols]) => Some([rows, cols]),
            _ => None,
        };
        match dims {
            Some(dims) => {
                if self.start(dims) {
                    self.data.extend_from_slice(&array.bytes());
                }
            }
            None => self.skip(),
        }
    }

    /// The buffer's bytes (the header, then the data; offsets counted from the start) and
    /// which fields it leaves out; `None` when the buffer would pass 2 GiB.
    fn finish(self) -> Option<Statics> {
        let head_bytes = (self.head.len() * 4).next_multiple_of(ALIGN);
        let mut bytes = Vec::with_capacity(head_bytes + self.data.len());
        for (k, word) in self.head.iter().enumerate() {
            // Data offsets move past the header.
            let word =
                if k % HEAD_INTS == 0 { word.checked_add(head_bytes as i32)? } else { *word };
            bytes.extend_from_slice(&word.to_ne_bytes());
        }
        bytes.resize(head_bytes, 0);
        bytes.extend_from_slice(&self.data);
        // The device buffer is never empty.
        bytes.resize(bytes.len().max(8), 0);
        Some(Statics { bytes, missing: self.missing })
    }
}

/// The contents of a statics buffer.
struct Statics {
    bytes: Vec<u8>,
    missing: Vec<bool>,
}

/// Whether a buffer leaving out `missing` holds every field of `fields` (a kernel's).
fn holds(missing: &[bool], fields: &[u16]) -> bool {
    fields.iter().all(|f| !missing.get(usize::from(*f)).copied().unwrap_or(true))
}

/// Lists the program's device statics (generated code).
pub type Provider = fn(&mut StaticsWriter);

static PROVIDER: OnceLock<Provider> = OnceLock::new();
static READY: AtomicBool = AtomicBool::new(false);
/// Per device context (by address): the kept buffer and the fields it leaves out, or
/// `None` when no buffer can be made.
type Kept = Vec<(usize, Option<(Arc<DevBuf>, Vec<bool>)>)>;
static KEPT: Mutex<Kept> = Mutex::new(Vec::new());

/// Registers the program's provider; generated `main` calls it before the static
/// initialisers.
pub fn provide(provider: Provider) {
    let _ = PROVIDER.set(provider);
}

/// A class initialized at its first use has set its static fields (`crate::init`): the
/// buffers kept so far may hold their defaults, so the next launch on each device makes
/// its buffer again.
pub fn changed() {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The static initialisers run at start have run: the fields keep their values from now on
/// (those of classes initialized later, at their first use, say so: [`changed`]).
pub fn ready() {
    READY.store(true, Ordering::Release);
}

/// The program's device statics now; `None`: no provider, or a buffer past 2 GiB.
fn contents() -> Option<Statics> {
    let provider = PROVIDER.get()?;
    let mut writer = StaticsWriter::default();
    provider(&mut writer);
    writer.finish()
}

/// The statics buffer for a launch on `ctx` of a kernel reading `fields`; `None`: run the
/// CPU path (a field of `fields` has no device representation).
pub(super) fn buffer(ctx: &'static DeviceCtx, fields: &[u16]) -> Option<Held> {
    if !READY.load(Ordering::Acquire) {
        let now = contents().filter(|c| holds(&c.missing, fields))?;
        return Some(Held::Own(upload_bytes(ctx, &now.bytes, "statics")?));
    }
    let key = std::ptr::from_ref(ctx) as usize;
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let entry = match kept.iter().find(|(c, _)| *c == key) {
        Some((_, entry)) => entry.clone(),
        None => {
            let entry = match contents() {
                Some(c) => Some((Arc::new(upload_bytes(ctx, &c.bytes, "statics")?), c.missing)),
                None => None,
            };
            kept.push((key, entry.clone()));
            entry
        }
    };
    let (buf, missing) = entry?;
    holds(&missing, fields).then_some(Held::Shared(buf))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::value::VArr;

    fn word(bytes: &[u8], k: usize) -> i32 {
        i32::from_ne_bytes(bytes[4 * k..4 * k + 4].try_into().unwrap())
    }

    #[test]
    fn fields_are_aligned_after_the_header() {
        let mut w = StaticsWriter::default();
        w.scalar(&7i32);
        let table = VArr::from_vec(vec![1.5f64, -2.0, 4.25]);
        w.array(&table);
        w.scalar(&2.5f32);
        let bytes = w.finish().unwrap().bytes;
        let at = |f: usize| word(&bytes, HEAD_INTS * f) as usize;
        assert!((0..3).all(|f| at(f) % ALIGN == 0 && at(f) >= 3 * HEAD_INTS * 4));
        assert_eq!(i32::from_ne_bytes(bytes[at(0)..at(0) + 4].try_into().unwrap()), 7);
        assert_eq!(word(&bytes, HEAD_INTS + 1), 3);
        let third = f64::from_ne_bytes(bytes[at(1) + 16..at(1) + 24].try_into().unwrap());
        assert_eq!(third, 4.25);
        assert_eq!(f32::from_ne_bytes(bytes[at(2)..at(2) + 4].try_into().unwrap()), 2.5);
    }

    #[test]
    fn a_null_field_is_left_out_for_the_kernels_reading_it() {
        let mut w = StaticsWriter::default();
        w.scalar(&1i64);
        w.array(&VArr::<i32>::default());
        w.scalar(&2.0f64);
        let statics = w.finish().unwrap();
        assert_eq!(statics.missing, [false, true, false]);
        let m = &statics.missing;
        assert!(holds(m, &[0, 2]) && !holds(m, &[1]) && !holds(m, &[0, 1]));
    }
}
