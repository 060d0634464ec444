//! Rows laid end to end: the packed order in which a matrix of short rows crosses to a
//! device buffer, and in which the narrow range of an `int` matrix is read
//! (`device/narrow.rs`).
//!
//! A copy between a million short rows and one packed region is shared out among threads
//! by element ranges. [`RowIndex`] finds the row holding any element without walking the
//! rows before it, so each thread finds its own rows: no thread cuts the rows into parts
//! for the others while they wait.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Rows per entry of a [`RowIndex`]: a lookup walks at most this many row lengths.
const ROW_BLOCK: usize = 256;

/// Rows from which [`RowIndex::of`] sums their lengths on several threads.
const PARALLEL_ROWS: usize = 64 << 10;

/// The element offset of every [`ROW_BLOCK`]-th row of rows laid end to end, and their
/// total.
#[derive(Debug)]
pub struct RowIndex {
    /// `starts[b]`: the first element of row `b * ROW_BLOCK`; the last entry is the total.
    starts: Vec<usize>,
}

impl RowIndex {
    /// The index of `rows` rows, row `r` `len(r)` elements long: one read of every length,
    /// on several threads of the pool for many rows.
    pub fn of(rows: usize, len: impl Fn(usize) -> usize + Sync) -> RowIndex {
        let blocks = rows.div_ceil(ROW_BLOCK);
        let sums: Vec<AtomicUsize> = (0..blocks).map(|_| AtomicUsize::new(0)).collect();
        let threads = match rows >= PARALLEL_ROWS {
            true => crate::exec::placement().threads,
            false => 1,
        };
        let per = blocks.div_ceil(threads * 4).max(1);
        spread(blocks.div_ceil(per), threads, |group| {
            for (b, sum) in sums.iter().enumerate().skip(group * per).take(per) {
                let block = b * ROW_BLOCK..((b + 1) * ROW_BLOCK).min(rows);
                sum.store(block.map(&len).sum(), Relaxed);
            }
        });
        let mut starts = Vec::with_capacity(blocks + 1);
        let mut at = 0;
        starts.push(0);
        for sum in sums {
            at += sum.into_inner();
            starts.push(at);
        }
        RowIndex { starts }
    }

    /// The elements of all the rows.
    pub fn total(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The row holding element `pos` (below the total) and `pos`'s offset in it; empty rows
    /// are never the answer.
    fn locate(&self, len: impl Fn(usize) -> usize, pos: usize) -> (usize, usize) {
        debug_assert!(pos < self.total());
        let block = self.starts.partition_point(|&start| start <= pos) - 1;
        let (mut row, mut at) = (block * ROW_BLOCK, self.starts[block]);
        loop {
            let n = len(row);
            if pos < at + n {
                return (row, pos - at);
            }
            at += n;
            row += 1;
        }
    }

    /// Calls `put(cell, end)` with each row's cell of `cells` (`width` bytes per row) and
    /// the offset just past the row's last element, on several threads for many rows, each
    /// taking whole blocks of the index (a ragged matrix's row offsets).
    pub fn ends(
        &self,
        len: impl Fn(usize) -> usize + Sync,
        (cells, width): (&mut [u8], usize),
        put: impl Fn(&mut [u8], usize) + Sync,
    ) {
        let width = width.max(1);
        let threads = match cells.len() / width >= PARALLEL_ROWS {
            true => crate::exec::placement().threads,
            false => 1,
        };
        let blocks: Vec<_> =
            cells.chunks_mut(ROW_BLOCK * width).map(std::sync::Mutex::new).collect();
        debug_assert_eq!(blocks.len() + 1, self.starts.len(), "one cell per row of the index");
        spread(blocks.len(), threads, |b| {
            let mut block = blocks[b].lock().unwrap_or_else(|e| e.into_inner());
            let mut at = self.starts[b];
            for (k, cell) in block.chunks_exact_mut(width).enumerate() {
                at += len(b * ROW_BLOCK + k);
                put(cell, at);
            }
        });
    }

    /// The parts of `rows` (of this index) holding elements `from..to`, in order.
    pub fn parts<'a, T>(
        &self,
        rows: &'a [&'a [T]],
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = &'a [T]> + 'a {
        let to = to.min(self.total());
        let (mut row, mut offset) = match from < to {
            true => self.locate(|row| rows[row].len(), from),
            false => (rows.len(), 0),
        };
        let mut left = to.saturating_sub(from);
        std::iter::from_fn(move || {
            while left > 0 {
                let part = &rows[row][offset..];
                row += 1;
                offset = 0;
                if !part.is_empty() {
                    let part = &part[..part.len().min(left)];
                    left -= part.len();
                    return Some(part);
                }
            }
            None
        })
    }

    /// Fills `dst` with elements `from..from + dst.len()` of `rows` (of this index).
    pub fn gather<T: Copy>(&self, rows: &[&[T]], from: usize, dst: &mut [T]) {
        let mut at = 0;
        for part in self.parts(rows, from, from + dst.len()) {
            dst[at..at + part.len()].copy_from_slice(part);
            at += part.len();
        }
        debug_assert_eq!(at, dst.len(), "the rows hold elements from..from + dst.len()");
    }

    /// Copies `src` into elements `from..from + src.len()` of `rows` (of this index), whose
    /// elements may also be storage not yet initialised ([`Landing`]).
    ///
    /// # Safety
    /// No other thread reads or writes those elements meanwhile (threads scattering
    /// disjoint ranges of one [`RowsOut`] may run at once).
    pub unsafe fn scatter<T: Copy, D: Landing<T>>(
        &self,
        rows: &RowsOut<'_, D>,
        from: usize,
        src: &[T],
    ) {
        if src.is_empty() {
            return;
        }
        let (mut row, mut offset) = self.locate(|row| rows.row(row).1, from);
        let mut at = 0;
        while at < src.len() {
            let (ptr, len) = rows.row(row);
            let n = (len - offset).min(src.len() - at);
            // SAFETY: `offset + n <= len` elements of the row, which the caller's range
            // gives this thread alone; `src` is another allocation (the caller's); `D` is
            // laid out as `T` (`Landing`), and writing through a raw pointer makes no
            // reference to storage that may not be initialised yet.
            unsafe {
                std::ptr::copy_nonoverlapping(src[at..].as_ptr(), ptr.add(offset).cast::<T>(), n)
            };
            at += n;
            row += 1;
            offset = 0;
        }
    }
}

/// What the elements of a [`RowsOut`] may be for copies of `T` into them
/// ([`RowIndex::scatter`]): `T` itself, or `MaybeUninit<T>`, storage that the copies
/// initialise (a download's new array, whose pages the copying threads then touch first,
/// with no pass that zeroes it before).
///
/// # Safety
/// The type is laid out as `T`, and every `T` is a value of it.
pub unsafe trait Landing<T>: Copy + Send {}

// SAFETY: the type itself.
unsafe impl<T: Copy + Send> Landing<T> for T {}

// SAFETY: `MaybeUninit<T>` has `T`'s size and alignment, and holds any `T`.
unsafe impl<T: Copy + Send> Landing<T> for std::mem::MaybeUninit<T> {}

/// Rows written by several threads at once, each a disjoint range of their elements
/// ([`RowIndex::scatter`]). Made from `&mut` rows, so nothing else reaches them while it
/// lives.
pub struct RowsOut<'r, T> {
    rows: *mut &'r mut [T],
    count: usize,
    _rows: std::marker::PhantomData<&'r mut [T]>,
}

// SAFETY: it hands out raw pointers only; `RowIndex::scatter`'s callers keep the ranges
// written by different threads disjoint.
unsafe impl<T: Send> Send for RowsOut<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for RowsOut<'_, T> {}

impl<'r, T> RowsOut<'r, T> {
    pub fn new<'a: 'r>(rows: &'r mut [&'a mut [T]]) -> Self {
        // The rows live for `'a`, longer than the borrow of their handles.
        let handles = rows.as_mut_ptr().cast::<&'r mut [T]>();
        RowsOut { rows: handles, count: rows.len(), _rows: std::marker::PhantomData }
    }

    /// Row `row`'s elements as a raw pointer and its length; no reference to the row is
    /// made, so threads writing other parts of it do not alias one.
    fn row(&self, row: usize) -> (*mut T, usize) {
        assert!(row < self.count, "row {row} of {}", self.count);
        // SAFETY: `row` is in bounds; `&raw mut **` reads the row's handle and takes the
        // address of its elements without making a reference to them.
        let row: *mut [T] = unsafe { &raw mut **self.rows.add(row) };
        (row as *mut T, row.len())
    }
}

/// `items` mapped by `f`, in order: on several threads of the pool from [`PARALLEL_ROWS`]
/// items (the row handles of a matrix of a million short rows, read at every call that
/// passes a new one).
pub fn map_rows<'a, S: Sync, R: Send>(items: &'a [S], f: impl Fn(&'a S) -> R + Sync) -> Vec<R> {
    if items.len() < PARALLEL_ROWS {
        return items.iter().map(f).collect();
    }
    let threads = crate::exec::placement().threads;
    let per = items.len().div_ceil(threads * 4);
    let mut out: Vec<R> = Vec::with_capacity(items.len());
    let parts: Vec<_> = out.spare_capacity_mut()[..items.len()]
        .chunks_mut(per)
        .map(std::sync::Mutex::new)
        .collect();
    spread(parts.len(), threads, |i| {
        let mut part = parts[i].lock().unwrap_or_else(|e| e.into_inner());
        for (slot, item) in part.iter_mut().zip(&items[i * per..]) {
            slot.write(f(item));
        }
    });
    drop(parts);
    // SAFETY: `spread` returned, so every `i` ran to its end (the calling thread takes the
    // parts no worker took, and a panic in `f` is resumed before this line): the first
    // `items.len()` slots are initialised.
    unsafe { out.set_len(items.len()) };
    out
}

/// Whether `test` holds for every item, read as [`map_rows`] reads (a matrix's rows checked
/// for one length); the threads stop once one has found an item failing it.
pub fn all_rows<S: Sync>(items: &[S], test: impl Fn(&S) -> bool + Sync) -> bool {
    if items.len() < PARALLEL_ROWS {
        return items.iter().all(test);
    }
    let threads = crate::exec::placement().threads;
    let per = items.len().div_ceil(threads * 4);
    let failed = std::sync::atomic::AtomicBool::new(false);
    spread(items.len().div_ceil(per), threads, |i| {
        if !failed.load(Relaxed) && !items[i * per..].iter().take(per).all(&test) {
            failed.store(true, Relaxed);
        }
    });
    !failed.into_inner()
}

/// Runs `work(i)` for each `i` of `0..n`, on up to `threads` threads (the calling one and
/// idle workers of the pool: none is spawned), each taking the next `i` until none is left.
pub fn spread(n: usize, threads: usize, work: impl Fn(usize) + Sync) {
    if threads <= 1 || n <= 1 {
        (0..n).for_each(work);
        return;
    }
    let next = AtomicUsize::new(0);
    crate::exec::pool().run_spare(threads.min(n) - 1, |_| loop {
        let i = next.fetch_add(1, Relaxed);
        if i >= n {
            break;
        }
        work(i);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of 0 to 6 elements (every seventh empty), numbered by their packed position.
    fn rows(count: usize) -> Vec<Vec<u32>> {
        let mut at = 0;
        (0..count)
            .map(|r| {
                let row: Vec<u32> = (at..at + (r % 7) as u32).collect();
                at += row.len() as u32;
                row
            })
            .collect()
    }

    #[test]
    fn parts_hold_the_packed_elements_of_any_range() {
        let rows = rows(2000);
        let refs: Vec<&[u32]> = rows.iter().map(Vec::as_slice).collect();
        let index = RowIndex::of(refs.len(), |r| refs[r].len());
        let flat = rows.concat();
        assert_eq!(index.total(), flat.len());
        let ends = [0, 1, 5, 6, 255, 256, 767, 768, 769, 3000, flat.len() - 1, flat.len()];
        for &from in &ends {
            for &to in &ends {
                let parts: Vec<&[u32]> = index.parts(&refs, from, to).collect();
                assert!(parts.iter().all(|p| !p.is_empty()), "no empty parts");
                let want = if from < to { &flat[from..to] } else { &[][..] };
                assert_eq!(parts.concat(), want, "{from}..{to}");
            }
        }
        let mut dst = vec![0; 1000];
        index.gather(&refs, 1234, &mut dst);
        assert_eq!(dst, &flat[1234..2234]);
    }

    /// Past [`PARALLEL_ROWS`] rows the lengths are summed on several threads; pieces
    /// scattered from several threads fill every row, whatever rows the pieces cut.
    #[test]
    fn many_rows_index_gather_and_scatter_as_one_packed_region() {
        let rows = rows(PARALLEL_ROWS + 1001);
        let refs: Vec<&[u32]> = rows.iter().map(Vec::as_slice).collect();
        let index = RowIndex::of(refs.len(), |r| refs[r].len());
        let flat = rows.concat();
        assert_eq!(index.total(), flat.len());
        let piece = 1009;
        let mut packed = vec![0; flat.len()];
        let parts: Vec<_> = packed.chunks_mut(piece).map(std::sync::Mutex::new).collect();
        spread(parts.len(), 4, |i| {
            index.gather(&refs, i * piece, &mut parts[i].lock().expect("piece"));
        });
        drop(parts);
        assert_eq!(packed, flat);

        let mut back: Vec<Vec<u32>> = rows.iter().map(|row| vec![u32::MAX; row.len()]).collect();
        let mut handles: Vec<&mut [u32]> = back.iter_mut().map(Vec::as_mut_slice).collect();
        let out = RowsOut::new(&mut handles);
        spread(flat.len().div_ceil(piece), 4, |i| {
            let at = i * piece;
            let src = &flat[at..(at + piece).min(flat.len())];
            // SAFETY: the pieces are disjoint.
            unsafe { index.scatter(&out, at, src) };
        });
        assert_eq!(back, rows);
    }

    /// Pieces scattered from several threads into storage not yet initialised (a download's
    /// new array: `Landing` for `MaybeUninit`) write every element once.
    #[test]
    fn pieces_scattered_into_uninitialised_storage_fill_it() {
        let flat: Vec<u32> = (0..100_003u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
        let mut fresh: std::sync::Arc<[std::mem::MaybeUninit<u32>]> =
            std::sync::Arc::new_uninit_slice(flat.len());
        let storage = std::sync::Arc::get_mut(&mut fresh).expect("a new Arc is unique");
        let index = RowIndex::of(1, |_| flat.len());
        let mut handles = [storage];
        let out = RowsOut::new(&mut handles);
        let piece = 6251;
        spread(flat.len().div_ceil(piece), 4, |i| {
            let at = i * piece;
            // SAFETY: the pieces are disjoint.
            unsafe { index.scatter(&out, at, &flat[at..(at + piece).min(flat.len())]) };
        });
        // SAFETY: the pieces tile `0..flat.len()`, so every element was written.
        let back = unsafe { fresh.assume_init() };
        assert!(*back == *flat);
    }

    #[test]
    fn mapped_rows_keep_their_order_on_several_threads() {
        let rows = rows(PARALLEL_ROWS * 2 + 3);
        let lens = map_rows(&rows, Vec::len);
        assert_eq!(lens, rows.iter().map(Vec::len).collect::<Vec<_>>());
        let firsts = map_rows(&rows[..10], |row| row.first().copied());
        assert_eq!(firsts, rows[..10].iter().map(|row| row.first().copied()).collect::<Vec<_>>());
    }

    #[test]
    fn rows_are_all_checked_on_several_threads() {
        let rows = rows(PARALLEL_ROWS * 2 + 3);
        assert!(all_rows(&rows, |row| row.len() < 7));
        assert!(!all_rows(&rows, |row| row.len() < 6));
        let last = rows.len() - 1;
        assert!(!all_rows(&rows, |row| row.first() != rows[last].first()));
        assert!(all_rows(&rows[..10], |row| row.len() < 7));
        assert!(!all_rows(&rows[..10], |row| row.len() < 6));
    }

    #[test]
    fn row_ends_are_the_running_totals_of_the_lengths() {
        for count in [0, 1, 255, 256, 257, PARALLEL_ROWS + 999] {
            let rows = rows(count);
            let index = RowIndex::of(rows.len(), |r| rows[r].len());
            let mut cells = vec![0u8; rows.len() * 8];
            index.ends(
                |r| rows[r].len(),
                (&mut cells, 8),
                |cell, end| {
                    cell.copy_from_slice(&(end as u64).to_le_bytes());
                },
            );
            let ends: Vec<usize> = cells
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")) as usize)
                .collect();
            let want: Vec<usize> = rows
                .iter()
                .scan(0, |at, row| {
                    *at += row.len();
                    Some(*at)
                })
                .collect();
            assert_eq!(ends, want, "{count} rows");
        }
    }
}
