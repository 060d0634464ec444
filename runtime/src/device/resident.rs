//! Device copies of value arrays (`T[[]]`) kept across device calls.
//!
//! A value array never changes once made, so the buffer one call uploaded it into, or the
//! buffer a `@` wrote it into, still holds its contents when a later call passes the same
//! array: that call skips the upload (`SOMD_TRACE` shows a `resident` event instead of a
//! `transfer`). Mutable arrays (`T[]`) are never kept: the host may write them between
//! calls without the runtime seeing it.
//!
//! An entry is found by the address of the array's storage. It holds a weak handle on that
//! storage, which tells when the program has dropped the array and, while held, keeps the
//! address from being reused by another allocation, so an address never names two arrays.
//! Entries of dropped arrays are released at the next lookup. The cache holds at most a
//! quarter of the device's global memory, dropping the least recently used entries first;
//! an array larger than that is not kept.

use super::DevBuf;
use crate::opencl::trace::{self, Value};
use crate::opencl::DeviceCtx;
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

/// Names the storage of one value array: its address, its size on the device and a weak
/// handle on it.
pub struct Key {
    addr: usize,
    bytes: usize,
    storage: Box<dyn Liveness>,
}

impl Key {
    /// The key of the storage `weak` points to, which takes `bytes` on the device.
    pub fn of<T: Send + Sync + 'static>(weak: Weak<[T]>, bytes: usize) -> Key {
        Key { addr: weak.as_ptr().cast::<u8>() as usize, bytes, storage: Box::new(weak) }
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

fn ctx_id(ctx: &DeviceCtx) -> usize {
    std::ptr::from_ref(ctx) as usize
}

/// The most bytes kept on `ctx`.
fn capacity(ctx: &DeviceCtx) -> usize {
    usize::try_from(ctx.info.global_mem / 4).unwrap_or(usize::MAX)
}

/// The buffer already holding the array `key` names on `ctx`, if any (a `resident` trace
/// event names it as `name`).
pub(super) fn find(ctx: &'static DeviceCtx, key: &Key, name: &str) -> Option<Arc<DevBuf>> {
    let mut cache = cache();
    cache.entries.retain(|e| e.key.storage.alive());
    cache.clock += 1;
    let clock = cache.clock;
    let id = ctx_id(ctx);
    let entry = cache
        .entries
        .iter_mut()
        .find(|e| e.ctx == id && e.key.addr == key.addr && e.key.bytes == key.bytes)?;
    entry.used = clock;
    let buf = Arc::clone(&entry.buf);
    drop(cache);
    if trace::enabled() {
        trace::emit(
            "resident",
            &[
                ("buffer", Value::Str(name)),
                ("device", Value::Str(ctx.label)),
                ("bytes", Value::U64(key.bytes as u64)),
            ],
        );
    }
    Some(buf)
}

/// Keeps `buf`, which holds the array `key` names, for later calls on `ctx` (unless it is
/// larger than the cache), and returns it shared.
pub(super) fn keep(ctx: &'static DeviceCtx, key: Key, buf: DevBuf) -> Arc<DevBuf> {
    let buf = Arc::new(buf);
    let capacity = capacity(ctx);
    if key.bytes > capacity {
        return buf;
    }
    let mut cache = cache();
    cache.entries.retain(|e| e.key.storage.alive());
    cache.clock += 1;
    let id = ctx_id(ctx);
    cache.entries.retain(|e| !(e.ctx == id && e.key.addr == key.addr));
    let mut held: usize =
        cache.entries.iter().filter(|e| e.ctx == id).map(|e| e.key.bytes).sum::<usize>()
            + key.bytes;
    while held > capacity {
        let oldest = cache
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.ctx == id)
            .min_by_key(|(_, e)| e.used)
            .map(|(k, _)| k);
        let Some(oldest) = oldest else { break };
        held -= cache.entries.swap_remove(oldest).key.bytes;
    }
    let used = cache.clock;
    cache.entries.push(Entry { ctx: id, key, buf: Arc::clone(&buf), used });
    buf
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
