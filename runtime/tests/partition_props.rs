//! Property tests of the partitioning arithmetic (`somd_runtime::partition`): for random
//! shapes, part counts and halo widths, every index is owned exactly once, halos exist exactly
//! where a neighbour partition exists and have the requested (clipped) width, and assembly
//! inverts partitioning.

use proptest::prelude::*;
use somd_runtime::partition::*;

proptest! {
    #[test]
    fn block_ranges_cover_every_index_once(len in 0usize..500, parts in 1usize..40) {
        let mut next = 0;
        let sizes: Vec<usize> = (0..parts).map(|r| block_range(len, parts, r).len()).collect();
        for r in 0..parts {
            let range = block_range(len, parts, r);
            prop_assert_eq!(range.start, next);
            next = range.end;
        }
        prop_assert_eq!(next, len);
        // Near-equal, longer blocks first.
        let max = *sizes.iter().max().unwrap_or(&0);
        let min = *sizes.iter().min().unwrap_or(&0);
        prop_assert!(max - min <= 1);
        prop_assert!(sizes.windows(2).all(|w| w[0] >= w[1]));
        prop_assert_eq!(block_bounds(len, parts).len(), parts + 1);
    }

    #[test]
    fn grid_uses_all_parts(parts in 1usize..200, dims in 1usize..4) {
        let grid = grid_shape(parts, dims);
        prop_assert_eq!(grid.len(), dims);
        prop_assert_eq!(grid.iter().product::<usize>(), parts);
        prop_assert!(grid.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn matrix_block_owns_every_cell_once(
        rows in 0usize..40,
        cols in 0usize..40,
        parts in 1usize..17,
        halo in prop::array::uniform4(0usize..3),
        poly in any::<bool>(),
    ) {
        let halos = [(halo[0], halo[1]), (halo[2], halo[3])];
        let plain = Layout::block([rows, cols], parts);
        let layout = if poly {
            plain.clone().with_polyview(halos)
        } else {
            plain.clone().with_view(halos)
        };
        prop_assert_eq!(layout.parts(), parts);
        let mut owner = vec![vec![0u32; cols]; rows];
        let grid = layout.grid();
        for r in 0..parts {
            let part = layout.part(r);
            // Same boundaries with and without halos (equal shapes split equally).
            prop_assert_eq!(&part.owned, &plain.part(r).owned);
            for i in part.owned[0].clone() {
                for j in part.owned[1].clone() {
                    owner[i][j] += 1;
                }
            }
            for d in 0..2 {
                let shape = layout.shape()[d];
                let (before, after) = halos[d];
                let has_before = part.coords[d] > 0;
                let has_after = part.coords[d] + 1 < grid[d];
                let want_start = if has_before { part.owned[d].start.saturating_sub(before) } else { part.owned[d].start };
                let want_end = if has_after { (part.owned[d].end + after).min(shape) } else { part.owned[d].end };
                prop_assert_eq!(part.view[d].clone(), want_start..want_end);
                prop_assert_eq!(part.offset(d), want_start);
                prop_assert_eq!(part.local_len(d), want_end - want_start);
            }
            // Corner cells are visible only for polyview.
            let corner = [0usize, 0usize];
            let corner_is_halo = part.owned_local(0).start > 0 && part.owned_local(1).start > 0;
            if corner_is_halo {
                prop_assert_eq!(part.is_visible(corner), poly);
                prop_assert!(!part.is_owned(corner));
            }
        }
        prop_assert!(owner.iter().flatten().all(|&n| n == 1));
    }

    #[test]
    fn one_dimensional_view_assembly_drops_halos(
        len in 0usize..300,
        parts in 1usize..20,
        before in 0usize..4,
        after in 0usize..4,
    ) {
        let layout = Layout::block([len], parts).with_view([(before, after)]);
        let data: Vec<usize> = (0..len).collect();
        // Each MI returns its whole view (halos included): assembly must drop the halos.
        let partials: Vec<Vec<usize>> =
            (0..parts).map(|r| data[layout.part(r).view[0].clone()].to_vec()).collect();
        prop_assert_eq!(assemble_1d(&layout, partials), data.clone());
        // Each MI returns only its owned cells: taken whole.
        let owned: Vec<Vec<usize>> =
            (0..parts).map(|r| data[layout.part(r).owned[0].clone()].to_vec()).collect();
        prop_assert_eq!(assemble_1d(&layout, owned), data);
    }

    #[test]
    fn matrix_assembly_inverts_partitioning(
        rows in 0usize..25,
        cols in 0usize..25,
        parts in 1usize..13,
        halo in 0usize..3,
        along in 0usize..3,
    ) {
        let base = if along == 2 { Layout::block([rows, cols], parts) } else { Layout::along([rows, cols], parts, along) };
        let layout = base.with_polyview([(halo, halo), (halo, halo)]);
        let matrix: Vec<Vec<usize>> = (0..rows).map(|i| (0..cols).map(|j| i * 1000 + j).collect()).collect();
        let tiles: Vec<Vec<Vec<usize>>> = (0..layout.parts())
            .map(|r| {
                let part = layout.part(r);
                matrix[part.view[0].clone()].iter().map(|row| row[part.view[1].clone()].to_vec()).collect()
            })
            .collect();
        let assembled = assemble_2d(&layout, tiles).map_err(|e| TestCaseError::fail(e.to_string()))?;
        if cols == 0 {
            // Rows of length zero: only the row count of the first tile column survives.
            prop_assert!(assembled.iter().all(Vec::is_empty));
        } else {
            prop_assert_eq!(assembled, matrix);
        }
    }

    #[test]
    fn user_bounds_validation(len in 0usize..50, cuts in prop::collection::vec(0i32..60, 0..6)) {
        let mut bounds = vec![0];
        bounds.extend(cuts.iter().copied());
        bounds.push(len as i32);
        let parts = bounds.len() - 1;
        let valid = bounds.windows(2).all(|w| w[0] <= w[1]);
        let checked = validate_bounds("P", &bounds, len, parts);
        prop_assert_eq!(checked.is_ok(), valid);
        if let Ok(b) = checked {
            let layout = Layout::user([len], b.clone());
            for r in 0..parts {
                prop_assert_eq!(layout.part(r).owned[0].clone(), b[r]..b[r + 1]);
            }
        }
    }
}

#[test]
fn block_sizes_put_the_remainder_first() {
    let sizes: Vec<usize> = (0..4).map(|r| block_range(10, 4, r).len()).collect();
    assert_eq!(sizes, vec![3, 3, 2, 2]);
    assert_eq!(grid_shape(6, 2), vec![3, 2]);
    assert_eq!(grid_shape(7, 2), vec![7, 1]);
}

#[test]
fn invalid_user_bounds_name_the_problem() {
    let e = validate_bounds("Halves", &[0, 5], 10, 2).expect_err("too few");
    assert_eq!(e.class, "java.lang.IllegalStateException");
    assert!(e.detail.contains("Halves.bounds(10, 2)"), "{}", e.detail);
    assert!(e.detail.contains("expected 3 non-decreasing boundaries from 0 to 10"), "{}", e.detail);
    let e = validate_bounds("P", &[0, 7, 5, 10], 10, 3).expect_err("decreasing");
    assert!(e.detail.contains("below"), "{}", e.detail);
    let e = validate_bounds("P", &[1, 5, 10], 10, 2).expect_err("start");
    assert!(e.detail.contains("first boundary is 1"), "{}", e.detail);
}

#[test]
fn cross_view_hides_corners_only() {
    let layout = Layout::block([9, 9], 9).with_view([(1, 1), (1, 1)]);
    let center = layout.part(4);
    assert_eq!(center.view, [2..7, 2..7]);
    assert!(center.is_visible([0, 1]) && center.is_visible([1, 0]) && center.is_visible([4, 2]));
    assert!(!center.is_visible([0, 0]) && !center.is_visible([4, 4]) && !center.is_visible([0, 4]));
    let first = layout.part(0);
    assert_eq!(first.view, [0..4, 0..4]);
}

#[test]
fn cpu_grid_takes_row_blocks_only_with_enough_rows() {
    // SOR's matrix on 16 threads: 16 blocks of whole rows instead of a 4 × 4 grid.
    assert_eq!(cpu_grid(&[1500, 1500], 16, true), vec![16, 1]);
    assert_eq!(cpu_grid(&[1500, 1500], 16, false), vec![4, 4]);
    // Fewer than ROW_BLOCK_MIN_ROWS rows per MI: the grid, as before.
    assert_eq!(cpu_grid(&[4 * 8 - 1, 100], 8, true), grid_shape(8, 2));
    assert_eq!(cpu_grid(&[4 * 8, 100], 8, true), vec![8, 1]);
    // One dimension, three dimensions.
    assert_eq!(cpu_grid(&[1000], 6, true), vec![6]);
    assert_eq!(cpu_grid(&[64, 8, 8], 8, true), vec![8, 1, 1]);
    assert_eq!(cpu_grid(&[16, 8, 8], 8, true), grid_shape(8, 3));
    // Row blocks with halos (the grid `cpu_block` takes for this shape, whatever the
    // environment's SOMD_ROW_BLOCKS): whole rows, every cell once.
    assert_eq!(cpu_grid(&[40, 7], 5, true), vec![5, 1]);
    let layout = Layout::<2>::along([40, 7], 5, 0).with_view([(1, 1), (1, 1)]);
    assert_eq!(layout.grid(), [5, 1]);
    let mut owner = vec![0u32; 40 * 7];
    for r in 0..5 {
        let part = layout.part(r);
        assert_eq!(part.owned[1], 0..7);
        for i in part.owned[0].clone() {
            for j in 0..7 {
                owner[i * 7 + j] += 1;
            }
        }
    }
    assert!(owner.iter().all(|&n| n == 1));
}
