//! Partitioning strategies (LANGUAGE.md §2.2) as index arithmetic: nothing here copies array
//! data. Generated code asks a [`Layout`] for the [`Part`] of each MI and works on index
//! ranges of the caller's arrays (or copies a view when the body writes to it).
//!
//! # Built-in block partitioning
//! [`block_range`]`(len, parts, r)`: contiguous near-equal ranges; the first `len % parts`
//! blocks have one element more than the others (`len = 10, parts = 4` → sizes 3, 3, 2, 2).
//! Blocks may be empty when `len < parts`. The result depends only on `(len, parts)`, so
//! arrays of equal shape are split at the same boundaries.
//!
//! # Grids of MIs
//! A `D`-dimensional [`Layout::block`] splits every dimension: the `parts` MIs form a grid
//! chosen by [`grid_shape`] — as close to a hypercube as the divisors of `parts` allow, with the
//! larger factors on the outer dimensions (6 MIs over a matrix: 3 × 2; 7 MIs: 7 × 1). MI `r`
//! has grid coordinates in row-major order (the last dimension varies fastest), which is also
//! the *partition order* used by assembly and reductions. CPU calls use [`Layout::cpu_block`],
//! whose grid ([`cpu_grid`]) is row blocks where dimension 0 has enough rows for them.
//! [`Layout::along`] splits only
//! dimension `k` (the language's `dist(dim = k+1)`, dimensions there are 1-based).
//! [`Layout::user`] uses validated user boundaries for dimension 0 (`dist(P)`).
//!
//! # Views and halos
//! [`Layout::with_view`] / [`Layout::with_polyview`] add `<before, after>` halo widths per
//! dimension. A halo exists only on a side where the MI has a neighbour in the grid along that
//! dimension, and is clipped to the array. [`Part::view`] is the rectangular range that the MI
//! sees (owned cells plus existing halos); the MI's local index 0 along dimension `d` is global
//! index `view[d].start` (= `Somd.offset(a, d+1)`), and its local length is `view[d].len()`.
//! For a `polyview` every cell of that rectangle is readable. For a `view` (cross shape) the
//! corner cells — outside the owned range in more than one dimension — are not part of the
//! view: [`Part::is_visible`] says so, and generated code must not rely on their contents.
//!
//! # Assembly
//! [`assemble_1d`] and [`assemble_2d`] concatenate partial array results in partition order
//! along the partitioned dimensions. Along a dimension with a halo, a partial whose length
//! equals the MI's view length is taken to cover the view, and its halo positions are dropped;
//! a partial of any other length is taken whole.

use crate::error::{class, JavaException};
use std::ops::Range;

/// The `r`-th of `parts` near-equal contiguous blocks of `0..len` (the first `len % parts`
/// blocks are one longer).
#[inline]
pub fn block_range(len: usize, parts: usize, r: usize) -> Range<usize> {
    let parts = parts.max(1);
    let base = len / parts;
    let extra = len % parts;
    let start = r * base + r.min(extra);
    let size = base + usize::from(r < extra);
    start..start + size
}

/// All `parts + 1` boundaries of [`block_range`].
pub fn block_bounds(len: usize, parts: usize) -> Vec<usize> {
    let parts = parts.max(1);
    let mut bounds: Vec<usize> = (0..parts).map(|r| block_range(len, parts, r).start).collect();
    bounds.push(len);
    bounds
}

/// The grid of MIs for splitting `dims` dimensions among `parts` MIs: factors whose product is
/// `parts`, each as close to `parts^(1/dims)` as the divisors allow, larger factors first.
pub fn grid_shape(parts: usize, dims: usize) -> Vec<usize> {
    let parts = parts.max(1);
    if dims == 0 {
        return Vec::new();
    }
    if dims == 1 {
        return vec![parts];
    }
    // The largest divisor not above the ideal size goes to the innermost dimensions; the
    // outer dimension takes the co-factor, which is at least as large.
    let ideal = (parts as f64).powf(1.0 / dims as f64);
    let mut inner = 1;
    for candidate in 1..=parts {
        if candidate as f64 > ideal + 1e-9 {
            break;
        }
        if parts % candidate == 0 {
            inner = candidate;
        }
    }
    let mut rest = grid_shape(parts / inner, dims - 1);
    // Keep the larger factors on the outer dimensions.
    rest.push(inner);
    rest.sort_unstable_by(|a, b| b.cmp(a));
    rest
}

/// Rows per MI below which [`cpu_grid`] keeps the grid of [`grid_shape`].
pub const ROW_BLOCK_MIN_ROWS: usize = 4;

/// The grid of MIs of a CPU call's built-in block partition of an array of `shape`. With
/// `row_blocks` and at least [`ROW_BLOCK_MIN_ROWS`] rows of dimension 0 per MI, every MI
/// takes a block of whole rows (`[parts, 1, ..]`); otherwise the grid of [`grid_shape`].
///
/// The MIs of a CPU call share the caller's memory, so a split of the columns saves no
/// copying of halos; it only cuts every row an MI touches into short runs (a 4 × 4 grid
/// over SOR's 1500 × 1500 matrix: 375 doubles, 3 KB, per row and MI), which a core's
/// hardware prefetcher streams worse than whole rows, and it adds a row's set-up (the
/// row handles and their length tests) per run. The rows are what rayon's baselines split.
/// The number of MIs and their grid are the implementation's (LANGUAGE.md §2.1), so a
/// correct program's result does not change, up to the reassociation of its reductions.
///
/// Where that grid would give some MI no element of a dimension (a 37 × 1 grid, 37 being
/// prime, over 20 rows; a 2 × 2 grid over one row), the grid is [`fitting_grid`]'s.
pub fn cpu_grid(shape: &[usize], parts: usize, row_blocks: bool) -> Vec<usize> {
    let parts = parts.max(1);
    fitting_grid(shape, parts, row_blocks).unwrap_or_else(|| grid_shape(parts, shape.len()))
}

/// Whether some grid of `parts` MIs fits a `rows` × `cols` matrix ([`fitting_grid`] is
/// `Some`), without building one: row blocks, or a factor pair `r × (parts / r)` with `r`
/// at most the rows and `parts / r` at most the columns (a dimension of length 0 counting
/// as one). [`grid_shape`]'s grid is such a pair.
pub fn fits_2d(rows: usize, cols: usize, parts: usize, row_blocks: bool) -> bool {
    let parts = parts.max(1);
    if row_blocks && rows >= ROW_BLOCK_MIN_ROWS * parts {
        return true;
    }
    factor_pairs(parts).any(|[r, c]| r <= rows.max(1) && c <= cols.max(1))
}

/// Every `[r, parts / r]` grid of `parts` MIs over a matrix, each factor pair both ways.
fn factor_pairs(parts: usize) -> impl Iterator<Item = [usize; 2]> {
    (1..=parts)
        .take_while(move |r| r * r <= parts)
        .filter(move |r| parts % r == 0)
        .flat_map(move |r| [[r, parts / r], [parts / r, r]])
}

/// A grid of `parts` MIs over an array of `shape` that gives every MI at least one element
/// of each dimension (a dimension of length 0 counts as one: its MIs have nothing to
/// split): [`cpu_grid`]'s row blocks or [`grid_shape`]'s grid when they fit; for a matrix,
/// else the factorisation `r × (parts / r)` that fits with the most balanced factors (a
/// matrix of one row takes `[1, parts]`). `None` when no grid of `parts` MIs fits.
pub fn fitting_grid(shape: &[usize], parts: usize, row_blocks: bool) -> Option<Vec<usize>> {
    let parts = parts.max(1);
    let fits = |grid: &[usize]| grid.iter().zip(shape).all(|(&g, &len)| g <= len.max(1));
    if let Some(&rows) = shape.first() {
        if row_blocks && shape.len() >= 2 && rows >= ROW_BLOCK_MIN_ROWS * parts {
            let mut grid = vec![1; shape.len()];
            grid[0] = parts;
            return Some(grid);
        }
    }
    let grid = grid_shape(parts, shape.len());
    if fits(&grid) {
        return Some(grid);
    }
    let &[rows, cols] = shape else { return None };
    // Factor pairs `r × c`, `r` the rows' parts; the most balanced that fits.
    factor_pairs(parts)
        .filter(|&[r, c]| r <= rows.max(1) && c <= cols.max(1))
        .max_by_key(|&[r, c]| (r.min(c), r))
        .map(|grid| grid.to_vec())
}

/// How one dimension is split.
#[derive(Debug, Clone, PartialEq, Eq)]
enum DimSplit {
    /// Block partitioning into this many parts (1 = not partitioned).
    Block(usize),
    /// User boundaries (`parts + 1` values from 0 to the length).
    Bounds(Vec<usize>),
}

impl DimSplit {
    fn parts(&self) -> usize {
        match self {
            DimSplit::Block(parts) => *parts,
            DimSplit::Bounds(bounds) => bounds.len() - 1,
        }
    }

    fn range(&self, len: usize, r: usize) -> Range<usize> {
        match self {
            DimSplit::Block(parts) => block_range(len, *parts, r),
            DimSplit::Bounds(bounds) => bounds[r]..bounds[r + 1],
        }
    }
}

/// A partitioning of a rectangular `D`-dimensional index space among MIs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout<const D: usize> {
    shape: [usize; D],
    splits: [DimSplit; D],
    halo: [(usize, usize); D],
    corners: bool,
}

/// What one MI owns and sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part<const D: usize> {
    /// This MI's grid coordinates.
    pub coords: [usize; D],
    /// Global index ranges this MI owns (writes, and contributes to assembly).
    pub owned: [Range<usize>; D],
    /// Global index ranges this MI sees: `owned` plus the halos that exist.
    pub view: [Range<usize>; D],
    corners: bool,
}

impl<const D: usize> Part<D> {
    /// Global index of local index 0 along `dim` (0-based): `Somd.offset(a, dim + 1)`.
    #[inline]
    pub fn offset(&self, dim: usize) -> usize {
        self.view[dim].start
    }

    /// Local length along `dim`, halo cells included (`a.length` inside the MI).
    #[inline]
    pub fn local_len(&self, dim: usize) -> usize {
        self.view[dim].len()
    }

    /// The owned cells along `dim` in local indices.
    #[inline]
    pub fn owned_local(&self, dim: usize) -> Range<usize> {
        let start = self.owned[dim].start - self.view[dim].start;
        start..start + self.owned[dim].len()
    }

    /// Whether the local index is a cell this MI owns (may write).
    pub fn is_owned(&self, local: [usize; D]) -> bool {
        (0..D).all(|d| self.owned_local(d).contains(&local[d]))
    }

    /// Whether the local index is a readable cell of the view: inside the view rectangle and,
    /// for a cross-shaped `view`, outside the owned range in at most one dimension.
    pub fn is_visible(&self, local: [usize; D]) -> bool {
        if !(0..D).all(|d| local[d] < self.local_len(d)) {
            return false;
        }
        if self.corners {
            return true;
        }
        (0..D).filter(|&d| !self.owned_local(d).contains(&local[d])).count() <= 1
    }
}

impl<const D: usize> Layout<D> {
    fn new(shape: [usize; D], splits: [DimSplit; D]) -> Self {
        Layout { shape, splits, halo: [(0, 0); D], corners: true }
    }

    /// `dist`: block partitioning of every dimension over a grid of `parts` MIs.
    pub fn block(shape: [usize; D], parts: usize) -> Self {
        let grid = grid_shape(parts, D);
        Self::new(shape, std::array::from_fn(|d| DimSplit::Block(grid[d])))
    }

    /// `dist` in a CPU call: [`Layout::block`] over the grid of [`cpu_grid`] (row blocks
    /// where dimension 0 has enough rows, unless `SOMD_ROW_BLOCKS=0`).
    pub fn cpu_block(shape: [usize; D], parts: usize) -> Self {
        let grid = cpu_grid(&shape, parts, crate::exec::placement().switches.row_blocks);
        Self::new(shape, std::array::from_fn(|d| DimSplit::Block(grid[d])))
    }

    /// `dist(dim = dim + 1)`: block partitioning of dimension `dim` (0-based) only.
    pub fn along(shape: [usize; D], parts: usize, dim: usize) -> Self {
        let splits =
            std::array::from_fn(|d| DimSplit::Block(if d == dim { parts.max(1) } else { 1 }));
        Self::new(shape, splits)
    }

    /// `dist(P)`: user boundaries along dimension 0, already checked by [`validate_bounds`].
    pub fn user(shape: [usize; D], bounds: Vec<usize>) -> Self {
        let splits = std::array::from_fn(|d| {
            if d == 0 {
                DimSplit::Bounds(bounds.clone())
            } else {
                DimSplit::Block(1)
            }
        });
        Self::new(shape, splits)
    }

    /// `view = <b,a>, ...`: cross-shaped halos (no corner cells).
    pub fn with_view(mut self, halo: [(usize, usize); D]) -> Self {
        self.halo = halo;
        self.corners = false;
        self
    }

    /// `polyview = <b,a>, ...`: halos including the corner cells.
    pub fn with_polyview(mut self, halo: [(usize, usize); D]) -> Self {
        self.halo = halo;
        self.corners = true;
        self
    }

    /// The shape of the whole array.
    pub fn shape(&self) -> [usize; D] {
        self.shape
    }

    /// Number of MIs in each dimension.
    pub fn grid(&self) -> [usize; D] {
        std::array::from_fn(|d| self.splits[d].parts())
    }

    /// Number of MIs.
    pub fn parts(&self) -> usize {
        self.splits.iter().map(DimSplit::parts).product()
    }

    /// Whether some dimension has a halo.
    pub fn has_halo(&self) -> bool {
        self.halo.iter().any(|&(before, after)| before > 0 || after > 0)
    }

    /// Grid coordinates of MI `r` (row-major: the last dimension varies fastest).
    pub fn coords(&self, r: usize) -> [usize; D] {
        let grid = self.grid();
        let mut rest = r;
        let mut coords = [0; D];
        for d in (0..D).rev() {
            coords[d] = rest % grid[d];
            rest /= grid[d];
        }
        coords
    }

    /// The part of MI `r` (`r < parts()`).
    pub fn part(&self, r: usize) -> Part<D> {
        let grid = self.grid();
        let coords = self.coords(r);
        let owned: [Range<usize>; D] =
            std::array::from_fn(|d| self.splits[d].range(self.shape[d], coords[d]));
        let view = std::array::from_fn(|d| {
            let (before, after) = self.halo[d];
            let start =
                if coords[d] > 0 { owned[d].start.saturating_sub(before) } else { owned[d].start };
            let end = if coords[d] + 1 < grid[d] {
                (owned[d].end + after).min(self.shape[d])
            } else {
                owned[d].end
            };
            start..end
        });
        Part { coords, owned, view, corners: self.corners }
    }
}

/// Checks the boundaries returned by a user strategy `strategy.bounds(length, parts, ...)`:
/// `parts + 1` non-decreasing values from 0 to `length`. On failure, an
/// `IllegalStateException` naming the strategy and what is wrong (generated code throws it at
/// the call's position).
pub fn validate_bounds(
    strategy: &str,
    bounds: &[i32],
    length: usize,
    parts: usize,
) -> Result<Vec<usize>, JavaException> {
    let fail = |why: String| {
        Err(JavaException::unplaced(
            class::ILLEGAL_STATE,
            format!(
                "partitioning strategy {strategy}.bounds({length}, {parts}) returned {bounds:?}: \
                 {why}; expected {} non-decreasing boundaries from 0 to {length}",
                parts + 1
            ),
        ))
    };
    if bounds.len() != parts + 1 {
        return fail(format!("{} boundaries", bounds.len()));
    }
    if bounds[0] != 0 {
        return fail(format!("the first boundary is {}", bounds[0]));
    }
    if bounds[parts] as i64 != length as i64 {
        return fail(format!("the last boundary is {}", bounds[parts]));
    }
    if let Some(r) = (0..parts).find(|&r| bounds[r] > bounds[r + 1]) {
        return fail(format!(
            "boundary {} ({}) is below boundary {} ({})",
            r + 1,
            bounds[r + 1],
            r,
            bounds[r]
        ));
    }
    Ok(bounds.iter().map(|&b| b as usize).collect())
}

/// Trims a partial along one dimension: the owned local range when the partial covers the view
/// (its length equals the view length and there is a halo), else everything.
pub(crate) fn kept_range<const D: usize>(
    part: &Part<D>,
    dim: usize,
    partial_len: usize,
) -> Range<usize> {
    if part.view[dim] != part.owned[dim] && partial_len == part.local_len(dim) {
        part.owned_local(dim)
    } else {
        0..partial_len
    }
}

/// Assembles 1-D partial arrays (one per MI, in partition order) into the result array.
pub fn assemble_1d<T>(layout: &Layout<1>, partials: Vec<Vec<T>>) -> Vec<T> {
    let total = partials.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    for (r, partial) in partials.into_iter().enumerate() {
        let keep = if r < layout.parts() {
            kept_range(&layout.part(r), 0, partial.len())
        } else {
            0..partial.len()
        };
        out.extend(partial.into_iter().skip(keep.start).take(keep.len()));
    }
    out
}

/// Assembles 2-D partial arrays (row-major tiles, one per MI, in partition order) into the
/// result matrix: tiles of one grid row are joined side by side, grid rows are stacked. Tiles
/// of one grid row must have the same number of (kept) rows, else `IllegalStateException`.
pub fn assemble_2d<T>(
    layout: &Layout<2>,
    partials: Vec<Vec<Vec<T>>>,
) -> Result<Vec<Vec<T>>, JavaException> {
    let [grid_rows, grid_cols] = layout.grid();
    let mut tiles: Vec<Option<Vec<Vec<T>>>> = partials.into_iter().map(Some).collect();
    let mut out = Vec::new();
    for tile_row in 0..grid_rows {
        let mut band: Vec<Vec<T>> = Vec::new();
        for tile_col in 0..grid_cols {
            let r = tile_row * grid_cols + tile_col;
            let tile = tiles.get_mut(r).and_then(Option::take).unwrap_or_default();
            let part = layout.part(r);
            let rows = kept_range(&part, 0, tile.len());
            if tile_col == 0 {
                band = (0..rows.len()).map(|_| Vec::new()).collect();
            } else if rows.len() != band.len() {
                return Err(JavaException::unplaced(
                    class::ILLEGAL_STATE,
                    format!(
                        "cannot assemble partial results: partition {r} has {} rows, its \
                         neighbours have {}",
                        rows.len(),
                        band.len()
                    ),
                ));
            }
            for (target, row) in band.iter_mut().zip(tile.into_iter().skip(rows.start)) {
                let cols = kept_range(&part, 1, row.len());
                target.extend(row.into_iter().skip(cols.start).take(cols.len()));
            }
        }
        out.extend(band);
    }
    Ok(out)
}
