//! Device copies of value arrays (`T[[]]`) kept across device calls.
//!
//! A value array never changes once made, so the buffer one call uploaded it into, or the
//! buffer a `@` wrote it into, still holds its contents when a later call passes the same
//! array: that call skips the upload (`SOMD_TRACE` shows a `resident` event instead of a
//! `transfer`).
//!
//! A mutable array (`T[]`) may be written by the host between calls without the runtime
//! seeing it, so it is kept only inside a *keep scope* ([`open_scope`], `rt::device::keep`): generated code opens one
//! around a host loop for the arrays the compiler proved the loop never writes
//! (`somd_mir::analysis::keep`). While the scope is open the array has a key like a value
//! array's, so its first upload is kept and later calls of the loop find it; when the
//! scope closes (the loop's block is left by any path) its entries are released. Facts the
//! host computed about a kept array's contents (a segmented sum's sorted key) hold for the
//! scope too and are remembered with it.
//!
//! An entry is found by the address of the array's first element and the bytes its copy
//! takes. It holds a weak handle on the array's storage, which tells when the program has
//! dropped the array and, while held, keeps the address from being reused by another
//! allocation, so an address never names two arrays. A window of a storage (an MI's
//! partition of a value array, `VArr::window`) has its own key: it starts elsewhere in the
//! storage or takes fewer bytes than the whole array, so neither finds the other's copy.
//! Entries of dropped arrays are taken out at the next lookup and dropped on a thread of
//! their own ([`reap`]: their `Weak` may be the last handle on the host storage). The cache
//! holds at most a quarter of the device's global memory, dropping the least recently used
//! entries first; an array larger than that is not kept. (A `@` result left on the device before the host
//! has a copy, `device/lazy.rs`, is held by its `Lazy`, not by this cache.)
//!
//! A key also says how the copy stores its elements: a narrow copy of an `int` array
//! (`device/narrow.rs`) takes as many bytes as a window of the array's first quarter or half,
//! and neither may find the other.

use super::{DevBuf, HostArray};
use crate::opencl::buffer;
use crate::opencl::trace::{self, Value};
use crate::opencl::{DeviceCtx, OrFatal};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex, Weak};

/// Whether the storage a [`Key`] names is still alive.
trait Liveness: Send + Sync {
    fn alive(&self) -> bool;
}

impl<T: Send + Sync> Liveness for Weak<[T]> {
    fn alive(&self) -> bool {
        self.strong_count() > 0
    }
}

/// Names the storage of one value array, or one window of it: the address of its first
/// element, its size on the device, how the device stores its elements and a weak handle on
/// the whole storage.
#[derive(Clone)]
pub struct Key {
    addr: usize,
    bytes: usize,
    /// 0: in the array's own element type; otherwise the bytes of each element of a
    /// converted copy: the narrow type of an `int` array's narrow copy (`device/narrow.rs`).
    /// A window of the first quarter of an `int` array takes the bytes of its `uchar` copy,
    /// and must not find it.
    narrow: usize,
    /// The copy holds the offsets of a ragged 2-D array's rows (`device/ragged.rs`), not
    /// its elements.
    offsets: bool,
    storage: Arc<dyn Liveness>,
}

impl Key {
    /// The key of the storage `weak` points to, which takes `bytes` on the device.
    pub fn of<T: Send + Sync + 'static>(weak: Weak<[T]>, bytes: usize) -> Key {
        let addr = weak.as_ptr().cast::<u8>() as usize;
        Key { addr, bytes, narrow: 0, offsets: false, storage: Arc::new(weak) }
    }

    /// The key of the window starting at address `addr` of the storage `weak` points to
    /// (a mutable array's elements, or a value array's partition), which takes `bytes` on
    /// the device.
    pub fn window<T: Send + Sync + 'static>(addr: usize, weak: Weak<[T]>, bytes: usize) -> Key {
        Key { addr, bytes, narrow: 0, offsets: false, storage: Arc::new(weak) }
    }

    /// The key of a converted copy of the same storage (narrow, `device/narrow.rs`, or
    /// widened), whose elements take `narrow` bytes each and `bytes` in all on the device.
    pub fn narrowed(self, bytes: usize, narrow: usize) -> Key {
        Key { bytes, narrow, ..self }
    }

    /// The key of the offsets of the rows of the ragged 2-D value array this key names
    /// (`device/ragged.rs`), which take `bytes` on the device.
    pub fn row_offsets(self, bytes: usize) -> Key {
        Key { bytes, narrow: 0, offsets: true, ..self }
    }

    /// The bytes the copy takes on the device.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether `other` names the same copy: the same address, size and element storage.
    pub(super) fn same(&self, other: &Key) -> bool {
        self.addr == other.addr
            && self.bytes == other.bytes
            && self.narrow == other.narrow
            && self.offsets == other.offsets
    }

    /// This copy's key for the storage `twin` names, which holds the same elements from the
    /// same address on ([`twin`]).
    fn moved_to(&self, twin: &Key) -> Key {
        Key {
            addr: twin.addr,
            bytes: self.bytes,
            narrow: self.narrow,
            offsets: self.offsets,
            storage: Arc::clone(&twin.storage),
        }
    }
}

struct Entry {
    ctx: usize,
    key: Key,
    buf: Arc<DevBuf>,
    used: u64,
}

struct Cache {
    entries: Vec<Entry>,
    clock: u64,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { entries: Vec::new(), clock: 0 });

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    // A panic while holding the lock cannot leave an entry half-made (each is pushed whole).
    CACHE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The most bytes kept on `ctx`.
fn capacity(ctx: &DeviceCtx) -> usize {
    usize::try_from(ctx.info.global_mem / 4).unwrap_or(usize::MAX)
}

/// The entries of arrays the program has dropped, taken out of the cache.
fn take_dead(cache: &mut Cache) -> Vec<Entry> {
    take_dead_of(&mut cache.entries, |e| &e.key)
}

/// The items of `list` whose storage is gone, taken out of it (for [`reap`]: their keys'
/// `Weak`s may be the last handles on that storage's memory).
fn take_dead_of<T>(list: &mut Vec<T>, key: impl Fn(&T) -> &Key) -> Vec<T> {
    let (live, dead) = std::mem::take(list).into_iter().partition(|t| key(t).storage.alive());
    *list = live;
    dead
}

/// Drops `dead` entries (or other items holding keys) on a thread of their own. An entry's `Weak` is often the last
/// handle on its array's storage, so dropping it frees the host memory: on the H200's host,
/// three 64 MiB arrays took 6–13 ms to free, inside the device call that looked the cache
/// up next (`bench/gpu/programs/bang_probe.somd`). Dropped here if the thread cannot start.
fn reap<T: Send + 'static>(dead: Vec<T>) {
    use std::sync::mpsc::{channel, Sender};
    use std::sync::OnceLock;
    type Dead = Box<dyn Send>;
    if dead.is_empty() {
        return;
    }
    static REAPER: OnceLock<Option<Mutex<Sender<Dead>>>> = OnceLock::new();
    let reaper = REAPER.get_or_init(|| {
        let (send, receive) = channel::<Dead>();
        let spawned = std::thread::Builder::new()
            .name("somd-reaper".into())
            .spawn(move || receive.into_iter().for_each(drop));
        spawned.ok().map(|_| Mutex::new(send))
    });
    let sent = match reaper {
        Some(send) => {
            let send = send.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            send.send(Box::new(dead)).map_err(|failed| failed.0)
        }
        None => Err(Box::new(dead) as Dead),
    };
    drop(sent);
}

/// The buffer already holding the array `key` names on `ctx`, if any (a `resident` trace
/// event names it as `name`).
pub(super) fn find(ctx: &'static DeviceCtx, key: &Key, name: &str) -> Option<Arc<DevBuf>> {
    let mut cache = cache();
    reap(take_dead(&mut cache));
    cache.clock += 1;
    let clock = cache.clock;
    let id = ctx.id();
    let entry = cache.entries.iter_mut().find(|e| e.ctx == id && e.key.same(key))?;
    entry.used = clock;
    let buf = Arc::clone(&entry.buf);
    drop(cache);
    trace_resident(ctx, name, key.bytes);
    Some(buf)
}

/// Traces that a call found `bytes` of buffer `name` already on the device (no transfer).
pub(super) fn trace_resident(ctx: &DeviceCtx, name: &str, bytes: usize) {
    if trace::enabled() {
        trace::emit(
            "resident",
            &[
                ("buffer", Value::Str(name)),
                ("device", Value::Str(ctx.label)),
                ("bytes", Value::U64(bytes as u64)),
            ],
        );
    }
}

/// Keeps `buf`, which holds the array `key` names, for later calls on `ctx` (unless it is
/// larger than the cache), and returns it shared.
pub(super) fn keep(ctx: &'static DeviceCtx, key: Key, buf: DevBuf) -> Arc<DevBuf> {
    keep_shared(ctx, key, Arc::new(buf))
}

/// [`keep`] for a buffer already shared: the same device copy under a second key (a `@`
/// result left on the device, once the host has its copy: `device/lazy.rs`). The copy is
/// kept under the keys of its twins too ([`twin`]): a kept array and its frozen copies.
pub(super) fn keep_shared(ctx: &'static DeviceCtx, key: Key, buf: Arc<DevBuf>) -> Arc<DevBuf> {
    let capacity = capacity(ctx);
    if key.bytes > capacity {
        return buf;
    }
    // The registry stays locked while the cache changes (always in this order), so a
    // scope closing on another thread cannot release the array between the two.
    let held_scopes = kept();
    let twins = twins_in(&held_scopes, &key);
    let mut cache = cache();
    reap(take_dead(&mut cache));
    cache.clock += 1;
    let id = ctx.id();
    let used = cache.clock;
    for key in std::iter::once(key).chain(twins) {
        // A narrow copy and a window of the same storage are other copies: they stay.
        cache.entries.retain(|e| !(e.ctx == id && e.key.same(&key)));
        cache.entries.push(Entry { ctx: id, key, buf: Arc::clone(&buf), used });
    }
    // The least recently used copies go first, with every key naming them; this one stays.
    while held(&cache, id) > capacity {
        let oldest = cache
            .entries
            .iter()
            .filter(|e| e.ctx == id && !Arc::ptr_eq(&e.buf, &buf))
            .min_by_key(|e| e.used)
            .map(|e| Arc::clone(&e.buf));
        let Some(oldest) = oldest else { break };
        cache.entries.retain(|e| !Arc::ptr_eq(&e.buf, &oldest));
    }
    drop(cache);
    drop(held_scopes);
    buf
}

/// The bytes the copies kept on device `id` take, each buffer counted once.
fn held(cache: &Cache, id: usize) -> usize {
    let mut seen: Vec<*const DevBuf> = Vec::new();
    let mut bytes = 0;
    for e in cache.entries.iter().filter(|e| e.ctx == id) {
        let at = Arc::as_ptr(&e.buf);
        if !seen.contains(&at) {
            seen.push(at);
            bytes += e.key.bytes;
        }
    }
    bytes
}

/// A mutable array kept by the open keep scopes.
struct Kept {
    key: Key,
    /// How many open scopes keep it (nested loops may keep the same array).
    scopes: usize,
    /// The length of the longest prefix known to be non-decreasing (an `int[]` used as a
    /// segmented sum's key), 0 when unknown.
    sorted: usize,
    /// The run heads of the prefix of that length last computed ([`segment_runs`]).
    runs: Option<(usize, Arc<[i32]>)>,
    /// Frozen copies made while the array is kept ([`twin`]): they hold its elements.
    twins: Vec<Key>,
    /// The storage became a value array's at the array's last use ([`frozen_in_place`]):
    /// its device copies stay when the scope closes.
    frozen: bool,
    /// Of a kept matrix, its shape ([`kept_shape`]) and its packed layout ([`kept_packed`])
    /// once computed: each a pass over its rows, which no call repeats while it is kept.
    shape: Option<Option<Vec<usize>>>,
    packed: Option<Option<super::PackedRows>>,
    /// The part the host has written since the device copies were made or brought up to
    /// date ([`KeepScope::touch`], [`refresh`]).
    stale: Arc<Stale>,
}

impl Kept {
    /// Forgets the facts computed from the elements (a segmented sum's order and run heads).
    fn forget_order(&mut self) {
        self.sorted = 0;
        self.runs = None;
    }
}

/// The units (elements of a 1-D array, rows of a matrix) the host has stored to while a keep
/// scope keeps the array, as up to [`SPANS`] spans `lo .. hi` (empty when `lo >= hi`): a
/// store next to or inside a span widens it, one apart from all of them takes a free span or
/// widens the nearest. All empty: the device copies hold what the host holds. A loop
/// storing to the two ends of an array and to a row in the middle marks three small spans,
/// not the whole array. Only the host thread running the keeping loop stores to the array
/// and calls its device constructs, so plain loads and stores suffice (atomics only to make
/// the spans shareable with the registry).
pub(super) struct Stale {
    spans: [(AtomicUsize, AtomicUsize); SPANS],
}

/// The most separate spans [`Stale`] records.
const SPANS: usize = 4;

impl Stale {
    fn new() -> Stale {
        Stale {
            spans: std::array::from_fn(|_| (AtomicUsize::new(usize::MAX), AtomicUsize::new(0))),
        }
    }

    #[inline]
    fn touch(&self, unit: usize) {
        let mut free = None;
        let mut nearest = (usize::MAX, 0);
        for (k, (lo, hi)) in self.spans.iter().enumerate() {
            let (l, h) = (lo.load(Relaxed), hi.load(Relaxed));
            if l >= h {
                free = free.or(Some(k));
                continue;
            }
            let gap = if unit < l { l - unit - 1 } else { unit.saturating_sub(h) };
            if gap == 0 {
                Self::widen(lo, hi, unit);
                return;
            }
            if gap < nearest.0 {
                nearest = (gap, k);
            }
        }
        let (lo, hi) = &self.spans[free.unwrap_or(nearest.1)];
        if free.is_some() {
            lo.store(unit, Relaxed);
            hi.store(unit + 1, Relaxed);
        } else {
            Self::widen(lo, hi, unit);
        }
    }

    #[inline]
    fn widen(lo: &AtomicUsize, hi: &AtomicUsize, unit: usize) {
        if unit < lo.load(Relaxed) {
            lo.store(unit, Relaxed);
        }
        if unit >= hi.load(Relaxed) {
            hi.store(unit + 1, Relaxed);
        }
    }

    fn is_empty(&self) -> bool {
        self.spans.iter().all(|(lo, hi)| lo.load(Relaxed) >= hi.load(Relaxed))
    }

    /// The spans, left empty.
    fn take(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (lo, hi) in &self.spans {
            let span = (lo.swap(usize::MAX, Relaxed), hi.swap(0, Relaxed));
            if span.0 < span.1 {
                out.push(span);
            }
        }
        out
    }
}

static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

fn kept() -> std::sync::MutexGuard<'static, Vec<Kept>> {
    // A panic while holding the lock cannot leave an entry half-made (each is pushed whole).
    KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The arrays a host loop keeps on the device, kept while this value lives.
#[must_use = "the arrays are kept only while the scope lives"]
pub struct KeepScope {
    keys: Vec<(usize, usize)>,
    /// Per array of [`open_scope`]'s list, in its order, the span its stores mark (`None`:
    /// not kept: `null`, or `SOMD_KEEP=off`).
    stale: Vec<Option<Arc<Stale>>>,
}

impl KeepScope {
    /// Records that the host stored to unit `unit` (an element of a 1-D array, a row of a
    /// matrix) of the scope's array `k` (its place in [`open_scope`]'s list): the next
    /// device call that finds the array's copy writes that part again ([`refresh`]).
    /// Generated code calls it after each such store the keeping loop makes
    /// (`somd_mir::analysis::keep`, "Arrays the loop writes").
    #[inline]
    pub fn touch(&self, k: usize, unit: i32) {
        if let Some(Some(stale)) = self.stale.get(k) {
            stale.touch(unit as usize);
        }
    }
}

/// Opens a keep scope for the storage of `keys` (see the module doc). The caller promises
/// that nothing writes these arrays while the scope is open. `SOMD_KEEP=off` opens empty
/// scopes (every call uploads, as without the scope: for measuring what keeping saves).
pub fn open_scope(keys: Vec<Option<Key>>) -> KeepScope {
    if !crate::exec::placement().switches.keep {
        return KeepScope { keys: Vec::new(), stale: Vec::new() };
    }
    let mut held = kept();
    held.retain(|k| k.key.storage.alive());
    let mut scope =
        KeepScope { keys: Vec::with_capacity(keys.len()), stale: Vec::with_capacity(keys.len()) };
    for key in keys {
        let Some(key) = key else {
            scope.stale.push(None);
            continue;
        };
        scope.keys.push((key.addr, key.bytes));
        let stale = match held.iter_mut().find(|k| k.key.same(&key)) {
            Some(k) => {
                k.scopes += 1;
                Arc::clone(&k.stale)
            }
            None => {
                let stale = Arc::new(Stale::new());
                held.push(Kept {
                    key,
                    scopes: 1,
                    sorted: 0,
                    runs: None,
                    twins: Vec::new(),
                    frozen: false,
                    shape: None,
                    packed: None,
                    stale: Arc::clone(&stale),
                });
                stale
            }
        };
        scope.stale.push(Some(stale));
    }
    scope
}

/// Brings the copy on `ctx` of the kept array `key` names (`array`, a call's argument) up
/// to date with the stores the host made since it was made ([`KeepScope::touch`]): the
/// stale part is written again, `name` tracing it as a transfer of those bytes. Copies on
/// other devices, frozen copies sharing it and the facts computed from the elements (a
/// segmented sum's order) are dropped: a later call computes or uploads them anew. Nothing
/// happens for an array no scope keeps or that nothing wrote. A copy a call still holds
/// (shared), or a part the array cannot give ([`HostArray::stale_part`]), is dropped too, so
/// the call uploads the array whole.
pub(super) fn refresh(ctx: &'static DeviceCtx, key: &Key, array: &dyn HostArray, name: &str) {
    if key.offsets || key.narrow != 0 {
        return;
    }
    let mut held = kept();
    let Some(i) = kept_at(&held, key.addr) else { return };
    let k = &mut held[i];
    let spans = k.stale.take();
    if spans.is_empty() {
        return;
    }
    k.forget_order();
    let twins: Vec<usize> = k.twins.drain(..).map(|t| t.addr).collect();
    let mut entries = cache();
    let id = ctx.id();
    let mut mine = None;
    // The row offsets of a matrix stay (stores replace no row); every other copy of the
    // storage, and its twins' copies, go, but this device's plain copy is taken out to be
    // written.
    entries.entries.retain_mut(|e| {
        if twins.contains(&e.key.addr) {
            return false;
        }
        if e.key.addr != key.addr || e.key.offsets {
            return true;
        }
        if e.ctx == id && e.key.same(key) && mine.is_none() {
            mine = Some(Arc::clone(&e.buf));
        }
        false
    });
    drop(entries);
    drop(held);
    let Some(mut buf) = mine else { return };
    let Some(device) = Arc::get_mut(&mut buf) else { return };
    for (lo, hi) in spans {
        let Some((offset, parts)) = array.stale_part(lo, hi) else { return };
        let bytes: Vec<u8>;
        let data: &[u8] = match parts.as_slice() {
            [one] => one,
            _ => {
                bytes = parts.concat();
                &bytes
            }
        };
        if offset + data.len() > device.bytes {
            return;
        }
        if !data.is_empty() {
            buffer::write(ctx, &mut device.buffer, offset, data, name).or_fatal();
        }
    }
    keep_shared(ctx, key.clone(), buf);
}

/// The key of the array whose storage starts at `addr` while a keep scope keeps it: a kept
/// matrix's key (its elements summed over its rows) without a pass over them.
pub(super) fn kept_key(addr: usize) -> Option<Key> {
    let held = kept();
    kept_at(&held, addr).map(|i| held[i].key.clone())
}

/// The live entry of `held` for the array whose storage starts at `addr`.
fn kept_at(held: &[Kept], addr: usize) -> Option<usize> {
    held.iter().position(|k| k.key.addr == addr && k.key.storage.alive())
}

/// A fact about the kept matrix whose rows' handles start at `addr`: remembered in its entry
/// (`field`) once `compute` has made it, for as long as it is kept (nothing replaces a row
/// or writes an element meanwhile); computed every time for an array not kept.
fn kept_fact<T: Clone>(
    addr: usize,
    field: fn(&mut Kept) -> &mut Option<T>,
    compute: impl FnOnce() -> T,
) -> T {
    {
        let mut held = kept();
        match kept_at(&held, addr) {
            None => {
                drop(held);
                return compute();
            }
            Some(i) => {
                if let Some(fact) = field(&mut held[i]) {
                    return fact.clone();
                }
            }
        }
    }
    let fact = compute();
    let mut held = kept();
    if let Some(i) = kept_at(&held, addr) {
        *field(&mut held[i]) = Some(fact.clone());
    }
    fact
}

/// [`kept_fact`]: the shape of a kept matrix (`None`: ragged or holding `null`).
pub(super) fn kept_shape(
    addr: usize,
    compute: impl FnOnce() -> Option<Vec<usize>>,
) -> Option<Vec<usize>> {
    kept_fact(addr, |k| &mut k.shape, compute)
}

/// [`kept_fact`]: the packed layout of a kept matrix's rows (`device/ragged.rs`).
pub(super) fn kept_packed(
    addr: usize,
    compute: impl FnOnce() -> Option<super::PackedRows>,
) -> Option<super::PackedRows> {
    kept_fact(addr, |k| &mut k.packed, compute)
}

impl Drop for KeepScope {
    fn drop(&mut self) {
        let mut released = Vec::new();
        // Held until the cache has let go of the entries (registry, then cache: the order
        // of `keep_shared`).
        let mut held = kept();
        {
            for &(addr, bytes) in &self.keys {
                let Some(k) = held.iter().position(|k| k.key.addr == addr && k.key.bytes == bytes)
                else {
                    continue;
                };
                held[k].scopes -= 1;
                if held[k].scopes == 0 {
                    released.push(held.swap_remove(k));
                }
            }
        }
        if released.is_empty() {
            return;
        }
        // The device buffers go with the entries (a call still using one holds it shared),
        // narrow copies too. The twins' entries stay, and those of a storage frozen in
        // place: a value array never changes.
        released.retain(|k| !k.frozen);
        let mut cache = cache();
        cache.entries.retain(|e| !released.iter().any(|k| k.key.addr == e.key.addr));
        drop(cache);
        drop(held);
    }
}

/// Records that the value array `copy` names was frozen from the array `kept` names while
/// a keep scope keeps it (`rt::device::freeze_kept`): until the scope closes the two hold
/// the same elements, so a device copy of either serves both. A copy of `kept` already on
/// the device is kept under `copy`'s key at once; one made later under either key is kept
/// under the other's too ([`keep_shared`]). Nothing happens when no scope keeps `kept`.
pub(super) fn twin(kept_key: Key, copy: Key) {
    let mut held = kept();
    let Some(k) = held.iter_mut().find(|k| k.key.same(&kept_key)) else { return };
    k.twins.retain(|t| t.storage.alive());
    k.twins.push(copy.clone());
    // A loop storing a copy each round keeps the most recent ones: the bookkeeping of a
    // freeze stays bounded, and the older copies' shared entries go.
    let dropped: Vec<Key> = match k.twins.len().checked_sub(TWINS_MAX) {
        Some(over) if over > 0 => k.twins.drain(..over).collect(),
        _ => Vec::new(),
    };
    let mut cache = cache();
    cache
        .entries
        .retain(|e| e.key.storage.alive() && !dropped.iter().any(|d| d.addr == e.key.addr));
    let shared: Vec<Entry> = cache
        .entries
        .iter()
        .filter(|e| e.key.addr == kept_key.addr)
        .map(|e| Entry {
            ctx: e.ctx,
            key: e.key.moved_to(&copy),
            buf: Arc::clone(&e.buf),
            used: e.used,
        })
        .collect();
    for entry in shared {
        cache.entries.retain(|e| !(e.ctx == entry.ctx && e.key.same(&entry.key)));
        cache.entries.push(entry);
    }
    drop(cache);
    drop(held);
}

/// The most frozen copies recorded per kept array ([`twin`]).
const TWINS_MAX: usize = 8;

/// Records that the storage of the kept array `key` names became a value array's at the
/// array's last use (`rt::value::freeze_owned` without a copy): its device copies hold the
/// value array's elements for good, and stay when the scope closes.
pub(super) fn frozen_in_place(key: &Key) {
    if let Some(k) = kept().iter_mut().find(|k| k.key.same(key)) {
        k.frozen = true;
    }
}

/// The keys under which a copy `key` names is kept as well: a kept array's frozen copies,
/// or a frozen copy's kept array and its other copies ([`twin`]).
#[cfg(test)]
fn twins_of(key: &Key) -> Vec<Key> {
    twins_in(&kept(), key)
}

/// [`twins_of`] in the locked registry `held`.
fn twins_in(held: &[Kept], key: &Key) -> Vec<Key> {
    let mut out = Vec::new();
    for k in held.iter() {
        let alive = |t: &&Key| t.storage.alive() && t.addr != key.addr;
        if k.key.addr == key.addr {
            out.extend(k.twins.iter().filter(alive).map(|t| key.moved_to(t)));
        } else if k.twins.iter().any(|t| t.addr == key.addr && t.storage.alive()) {
            out.push(key.moved_to(&k.key));
            out.extend(k.twins.iter().filter(alive).map(|t| key.moved_to(t)));
        }
    }
    out
}

/// Whether an open keep scope keeps the storage `key` names.
pub(super) fn is_kept(key: &Key) -> bool {
    kept().iter().any(|k| k.key.same(key))
}

/// Whether the kept array `key` names is known to be non-decreasing over its first `n`
/// elements; otherwise asks `check` and, when it says so and the array is kept, remembers
/// it for the rest of the scope (the array cannot change while kept). A known fact is
/// traced as `{"event":"fact","fact":"sorted","n":..}`.
pub(super) fn sorted_prefix(key: Option<Key>, n: usize, check: impl FnOnce() -> bool) -> bool {
    let Some(key) = key else { return check() };
    forget_if_stale(&key);
    if kept().iter().any(|k| k.key.same(&key) && k.sorted >= n) {
        if trace::enabled() {
            trace::emit("fact", &[("fact", Value::Str("sorted")), ("n", Value::U64(n as u64))]);
        }
        return true;
    }
    if !check() {
        return false;
    }
    if let Some(k) = kept().iter_mut().find(|k| k.key.same(&key)) {
        k.sorted = k.sorted.max(n);
    }
    true
}

/// Forgets the order facts of the kept array `key` names when the host has written it since
/// the last call ([`KeepScope::touch`]): they were computed from elements that may have
/// changed.
fn forget_if_stale(key: &Key) {
    if let Some(k) = kept().iter_mut().find(|k| k.key.same(key) && !k.stale.is_empty()) {
        k.forget_order();
    }
}

/// The run heads of the first `n` elements of the array `key` names (see
/// `device/histogram.rs`, `segment_heads`: the start of each run of equal elements, then
/// `n`), or `None` when they are not non-decreasing. A kept array's heads are computed by
/// `compute` once per scope and length and remembered with the entry, with the
/// sortedness they imply (the array cannot change while kept); a known list is traced as
/// `{"event":"fact","fact":"sorted","n":..,"runs":..}`.
pub(super) fn segment_runs(
    key: Option<Key>,
    n: usize,
    compute: impl FnOnce() -> Option<Arc<[i32]>>,
) -> Option<Arc<[i32]>> {
    let Some(key) = key else { return compute() };
    forget_if_stale(&key);
    let known = kept().iter().find(|k| k.key.same(&key)).and_then(|k| match &k.runs {
        Some((m, heads)) if *m == n => Some(Arc::clone(heads)),
        _ => None,
    });
    if let Some(heads) = known {
        if trace::enabled() {
            let runs = heads.len().saturating_sub(1) as u64;
            trace::emit(
                "fact",
                &[
                    ("fact", Value::Str("sorted")),
                    ("n", Value::U64(n as u64)),
                    ("runs", Value::U64(runs)),
                ],
            );
        }
        return Some(heads);
    }
    let heads = compute()?;
    if let Some(k) = kept().iter_mut().find(|k| k.key.same(&key)) {
        k.sorted = k.sorted.max(n);
        k.runs = Some((n, Arc::clone(&heads)));
    }
    Some(heads)
}

/// Facts the host computed about immutable arrays (their element range, a 2-D value array's
/// shape or its rows' layout), each remembered under its array's key while the storage
/// lives: computing one reads every element or every row (a million rows cost milliseconds
/// per call), and nothing in a value array ever changes.
struct Memo<T> {
    facts: Mutex<Vec<(Key, T)>>,
}

/// The most facts of one kind remembered (the oldest is forgotten first).
const MEMO_MAX: usize = 256;

impl<T: Clone + Send + 'static> Memo<T> {
    const fn new() -> Memo<T> {
        Memo { facts: Mutex::new(Vec::new()) }
    }

    fn facts(&self) -> std::sync::MutexGuard<'_, Vec<(Key, T)>> {
        self.facts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The fact about `key`: remembered from an earlier call, else computed by `compute`
    /// (outside the lock) and remembered.
    fn get(&self, key: Key, compute: impl FnOnce() -> T) -> T {
        {
            let mut facts = self.facts();
            reap(take_dead_of(&mut facts, |(k, _)| k));
            if let Some((_, fact)) = facts.iter().find(|(k, _)| k.same(&key)) {
                return fact.clone();
            }
        }
        let fact = compute();
        let mut facts = self.facts();
        if facts.len() >= MEMO_MAX {
            facts.remove(0);
        }
        facts.push((key, fact.clone()));
        fact
    }
}

static RANGES: Memo<Option<(i32, i32)>> = Memo::new();
static SHAPES: Memo<Option<Vec<usize>>> = Memo::new();
static PACKED: Memo<Option<super::PackedRows>> = Memo::new();

/// The least and greatest element of the `int` array `key` names (`device/narrow.rs`).
pub(super) fn element_range(
    key: Key,
    compute: impl FnOnce() -> Option<(i32, i32)>,
) -> Option<(i32, i32)> {
    RANGES.get(key, compute)
}

/// The shape of the 2-D value array whose outer storage `key` names (keyed by its rows'
/// count as `bytes`; `None`: ragged or holding `null`), for `HostArray for VArr<VArr<T>>`.
pub(super) fn value_shape(
    key: Key,
    compute: impl FnOnce() -> Option<Vec<usize>>,
) -> Option<Vec<usize>> {
    SHAPES.get(key, compute)
}

/// The layout of the rows of the 2-D value array whose outer storage `key` names, packed
/// one after the other (`device/ragged.rs`; `None`: holding `null`).
pub(super) fn packed_rows(
    key: Key,
    compute: impl FnOnce() -> Option<super::PackedRows>,
) -> Option<super::PackedRows> {
    PACKED.get(key, compute)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans_after(units: &[usize]) -> Vec<(usize, usize)> {
        let stale = Stale::new();
        units.iter().for_each(|u| stale.touch(*u));
        let mut spans = stale.take();
        spans.sort_unstable();
        assert!(stale.is_empty() && stale.take().is_empty(), "taking the spans empties them");
        spans
    }

    #[test]
    fn stores_mark_a_few_spans() {
        assert_eq!(spans_after(&[]), []);
        // Next to or inside a span: widened; apart: a span of its own.
        assert_eq!(spans_after(&[7, 8, 6, 7]), [(6, 9)]);
        assert_eq!(
            spans_after(&[0, 4999, 1, 100, 101, 109]),
            [(0, 2), (100, 102), (109, 110), (4999, 5000)]
        );
        // A fifth cluster widens the nearest span.
        assert_eq!(
            spans_after(&[0, 1000, 2000, 3000, 2990]),
            [(0, 1), (1000, 1001), (2000, 2001), (2990, 3001)]
        );
        assert_eq!(
            spans_after(&[0, 1000, 2000, 3000, 4000]),
            [(0, 1), (1000, 1001), (2000, 2001), (3000, 4001)]
        );
    }

    #[test]
    fn value_shapes_are_remembered_while_the_storage_lives() {
        let items: Arc<[i32]> = Arc::from(vec![1, 2, 3]);
        let key = || Key::of(Arc::downgrade(&items), 3);
        assert_eq!(value_shape(key(), || Some(vec![3, 4])), Some(vec![3, 4]));
        assert_eq!(value_shape(key(), || panic!("computed twice")), Some(vec![3, 4]));
        // Another count of rows of the same storage is another array.
        let rows = Key::of(Arc::downgrade(&items), 2);
        assert_eq!(value_shape(rows, || None), None);
        let dead = {
            let gone: Arc<[i32]> = Arc::from(vec![7]);
            Key::of(Arc::downgrade(&gone), 1)
        };
        assert_eq!(value_shape(dead, || Some(vec![1, 9])), Some(vec![1, 9]));
        assert!(SHAPES.facts().iter().any(|(k, _)| k.same(&key())));
    }

    #[test]
    fn keys_follow_the_storage_and_its_lifetime() {
        let items: Arc<[i32]> = Arc::from(vec![1, 2, 3]);
        let key = Key::of(Arc::downgrade(&items), 12);
        assert_eq!(key.addr, items.as_ptr() as usize);
        assert!(key.storage.alive());
        let again = Key::of(Arc::downgrade(&Arc::clone(&items)), 12);
        assert_eq!(again.addr, key.addr);
        drop(items);
        assert!(!key.storage.alive());
    }

    #[test]
    fn a_value_array_window_and_its_whole_array_have_different_keys() {
        use crate::device::HostArray;
        use crate::value::VArr;
        let key = |a: &VArr<i32>| a.resident_key().expect("not null");
        let whole = VArr::from_vec((0..8).collect::<Vec<i32>>());
        let (head, tail) = (whole.window(0, 4), whole.window(4, 4));
        assert_eq!((key(&whole).addr, key(&whole).bytes), (whole.items().as_ptr() as usize, 32));
        // A window of the start is shorter, one further on starts elsewhere: neither finds
        // the whole array's copy, nor the whole array theirs, nor one the other's.
        assert!(!key(&head).same(&key(&whole)) && !key(&whole).same(&key(&head)));
        assert!(!key(&tail).same(&key(&whole)) && !key(&tail).same(&key(&head)));
        assert_eq!((key(&tail).addr - key(&whole).addr, key(&tail).bytes), (16, 16));
        // The same window again, or a window of the whole storage, names the same copy.
        assert!(key(&whole.window(4, 4)).same(&key(&tail)));
        assert!(key(&whole.window(0, 8)).same(&key(&whole)));
        // The window's handle follows the whole storage: alive while any window is.
        let tail_key = key(&tail);
        drop((whole, head));
        assert!(tail_key.storage.alive());
        drop(tail);
        assert!(!tail_key.storage.alive());
        // A matrix: a window of its rows, or a tile of windows onto its rows' columns.
        let m: VArr<VArr<i32>> =
            VArr::from_vec((0..4).map(|i| VArr::from_vec(vec![i; 3])).collect());
        let mkey = |a: &VArr<VArr<i32>>| a.resident_key().expect("not null");
        let (rows, tile) = (m.window(0, 2), VArr::from_vec(vec![m.items()[0].window(0, 2)]));
        assert_eq!((mkey(&m).bytes, mkey(&rows).bytes, mkey(&tile).bytes), (48, 24, 8));
        assert!(!mkey(&rows).same(&mkey(&m)) && !mkey(&tile).same(&mkey(&m)));
        assert!(!mkey(&m.window(1, 3)).same(&mkey(&m)) && mkey(&m.window(0, 4)).same(&mkey(&m)));
    }

    #[test]
    fn a_narrow_copy_and_a_window_of_as_many_bytes_have_different_keys() {
        use crate::device::HostArray;
        use crate::value::VArr;
        let key = |a: &VArr<i32>| a.resident_key().expect("not null");
        let whole = VArr::from_vec((0..8).collect::<Vec<i32>>());
        // The `uchar` copy of 8 `int`s takes 8 bytes, as the window of the first two does;
        // the `ushort` copy 16, as the window of the first four.
        let bytes = key(&whole).narrowed(8, 1);
        let shorts = key(&whole).narrowed(16, 2);
        let (two, four) = (key(&whole.window(0, 2)), key(&whole.window(0, 4)));
        assert_eq!((two.bytes, four.bytes), (bytes.bytes, shorts.bytes));
        assert!(!two.same(&bytes) && !bytes.same(&two));
        assert!(!four.same(&shorts) && !shorts.same(&four));
        assert!(bytes.same(&key(&whole).narrowed(8, 1)), "the same narrow copy");
    }

    #[test]
    fn keep_scopes_nest_and_release() {
        let items: Arc<[i32]> = Arc::from(vec![4, 5, 6]);
        let key = || Key::window(items.as_ptr() as usize, Arc::downgrade(&items), 12);
        assert!(!is_kept(&key()));
        let outer = open_scope(vec![Some(key())]);
        assert!(is_kept(&key()));
        let inner = open_scope(vec![Some(key())]);
        drop(inner);
        assert!(is_kept(&key()), "the outer scope still keeps it");
        assert!(sorted_prefix(Some(key()), 3, || true));
        assert!(sorted_prefix(Some(key()), 2, || panic!("known sorted: not checked again")));
        assert!(!sorted_prefix(Some(key()), 4, || false), "a longer prefix is checked");
        drop(outer);
        assert!(!is_kept(&key()));
        assert!(!sorted_prefix(Some(key()), 2, || false), "released: checked again");
    }

    #[test]
    fn a_kept_array_and_its_frozen_copies_name_each_other_while_the_scope_lives() {
        let items: Arc<[i32]> = Arc::from(vec![7, 8, 9, 10]);
        let kept_key = || Key::window(items.as_ptr() as usize, Arc::downgrade(&items), 16);
        let copy: Arc<[i32]> = Arc::from(vec![7, 8, 9, 10]);
        let copy_key = || Key::of(Arc::downgrade(&copy), 16);
        let addrs =
            |keys: Vec<Key>| keys.iter().map(|k| (k.addr, k.bytes, k.narrow)).collect::<Vec<_>>();
        let (at_kept, at_copy) = (items.as_ptr() as usize, copy.as_ptr() as usize);
        // Not kept: a freeze records nothing.
        twin(kept_key(), copy_key());
        assert!(twins_of(&copy_key()).is_empty() && twins_of(&kept_key()).is_empty());
        let scope = open_scope(vec![Some(kept_key())]);
        twin(kept_key(), copy_key());
        let expect: Vec<(usize, usize, usize)> = vec![(at_copy, 16, 0)];
        assert_eq!(addrs(twins_of(&kept_key())), expect);
        assert_eq!(addrs(twins_of(&copy_key())), vec![(at_kept, 16, 0)]);
        // A narrow copy's key maps to the same narrow copy of the twin.
        assert_eq!(addrs(twins_of(&copy_key().narrowed(4, 1))), vec![(at_kept, 4, 1)]);
        // A second copy: each copy names the kept array and the other copy.
        let other: Arc<[i32]> = Arc::from(vec![7, 8, 9, 10]);
        let other_key = || Key::of(Arc::downgrade(&other), 16);
        twin(kept_key(), other_key());
        let at_other = other.as_ptr() as usize;
        assert_eq!(addrs(twins_of(&other_key())), vec![(at_kept, 16, 0), (at_copy, 16, 0)]);
        // A dropped copy names nothing any more.
        drop(copy);
        assert_eq!(addrs(twins_of(&kept_key())), vec![(at_other, 16, 0)]);
        drop(scope);
        assert!(twins_of(&other_key()).is_empty() && twins_of(&kept_key()).is_empty());
        // Copies kept alive beyond the bound: the most recent ones are recorded.
        let scope = open_scope(vec![Some(kept_key())]);
        let copies: Vec<Arc<[i32]>> = (0..TWINS_MAX + 3).map(|_| Arc::from(vec![7; 4])).collect();
        for c in &copies {
            twin(kept_key(), Key::of(Arc::downgrade(c), 16));
        }
        let recent: Vec<usize> =
            copies[3..].iter().map(|c| c.as_ptr() as usize).collect::<Vec<_>>();
        let recorded: Vec<usize> = twins_of(&kept_key()).iter().map(|k| k.addr).collect();
        assert_eq!(recorded, recent);
        drop(scope);
    }

    #[test]
    fn a_kept_arrays_run_heads_are_computed_once_per_scope_and_length() {
        let items: Arc<[i32]> = Arc::from(vec![1, 1, 2, 2, 2]);
        let key = || Key::window(items.as_ptr() as usize, Arc::downgrade(&items), 20);
        let heads = |v: &[i32]| -> Option<Arc<[i32]>> { Some(Arc::from(v)) };
        // Not kept: computed at every call, nothing remembered.
        assert_eq!(
            segment_runs(Some(key()), 5, || heads(&[0, 2, 5])).as_deref(),
            Some(&[0, 2, 5][..])
        );
        assert!(segment_runs(Some(key()), 5, || None).is_none(), "not kept: computed again");
        let scope = open_scope(vec![Some(key())]);
        assert!(segment_runs(Some(key()), 5, || None).is_none(), "not sorted: nothing kept");
        let first = segment_runs(Some(key()), 5, || heads(&[0, 2, 5])).expect("sorted");
        let again = segment_runs(Some(key()), 5, || panic!("known: not computed again"));
        assert!(Arc::ptr_eq(&first, &again.expect("known")), "the same list");
        assert!(sorted_prefix(Some(key()), 5, || panic!("the heads imply the order")));
        let shorter = segment_runs(Some(key()), 3, || heads(&[0, 2, 3])).expect("sorted");
        assert_eq!(&shorter[..], &[0, 2, 3], "another length: its own heads");
        drop(scope);
        assert!(segment_runs(Some(key()), 3, || None).is_none(), "released: computed again");
        assert!(segment_runs(None, 3, || heads(&[0, 3])).is_some(), "no key: computed");
    }
}
