//! How a 3-D value array (`T[[]][[]][[]]`) crosses to the device (`HostArray` in
//! `device.rs`): its shape when rectangular (none when ragged or holding `null`), and its
//! bytes, the planes one after the other, each row-major, whether its rows are packed or
//! written from their storage (rows of at least 64 KiB).

use somd_runtime::device::HostArray;
use somd_runtime::value::VArr;

/// A `planes x rows x cols` cube whose element at (p, r, c) is `p * 1_000_000 + r * 1000 + c`
/// (rows of `short` columns where `(p, r) == short_at`).
fn cube(
    planes: usize,
    rows: usize,
    cols: usize,
    short_at: Option<(usize, usize)>,
) -> VArr<VArr<VArr<i32>>> {
    VArr::from_vec(
        (0..planes)
            .map(|p| {
                VArr::from_vec(
                    (0..rows)
                        .map(|r| {
                            let n = if short_at == Some((p, r)) { cols - 1 } else { cols };
                            VArr::from_vec(
                                (0..n).map(|c| (p * 1_000_000 + r * 1000 + c) as i32).collect(),
                            )
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

/// The bytes a `planes x rows x cols` cube of [`cube`] crosses as, computed element by
/// element in row-major order.
fn row_major(planes: usize, rows: usize, cols: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for p in 0..planes {
        for r in 0..rows {
            for c in 0..cols {
                out.extend_from_slice(&((p * 1_000_000 + r * 1000 + c) as i32).to_le_bytes());
            }
        }
    }
    out
}

#[test]
fn a_rectangular_cube_crosses_plane_after_plane_row_major() {
    let v = cube(3, 4, 5, None);
    assert_eq!(v.shape(), Some(vec![3, 4, 5]));
    assert_eq!(v.bytes(), row_major(3, 4, 5));
}

#[test]
fn long_rows_cross_as_their_storage_holds_them() {
    // 20 000 ints: 80 000 bytes a row, above the row-by-row threshold.
    let v = cube(2, 2, 20_000, None);
    assert_eq!(v.shape(), Some(vec![2, 2, 20_000]));
    assert_eq!(v.bytes(), row_major(2, 2, 20_000));
}

#[test]
fn a_ragged_or_null_cube_has_no_shape() {
    assert_eq!(cube(3, 4, 5, Some((2, 1))).shape(), None);
    assert_eq!(cube(3, 4, 5, Some((0, 3))).shape(), None);
    let mut planes: Vec<_> = cube(3, 4, 5, None).items().to_vec();
    planes[1] = VArr::NULL;
    assert_eq!(VArr::from_vec(planes).shape(), None);
    assert_eq!(VArr::<VArr<VArr<i32>>>::default().shape(), None);
    // A plane of another row count.
    let mut planes: Vec<_> = cube(2, 4, 5, None).items().to_vec();
    planes.push(cube(1, 3, 5, None).items()[0].clone());
    assert_eq!(VArr::from_vec(planes).shape(), None);
}

#[test]
fn an_empty_cube_has_no_planes_rows_or_columns() {
    let v = VArr::<VArr<VArr<i32>>>::from_vec(Vec::new());
    assert_eq!(v.shape(), Some(vec![0, 0, 0]));
    assert!(v.bytes().is_empty());
}
