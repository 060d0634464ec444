//! The fields of the objects of a mapped array of value-class objects holding arrays, as
//! device arrays (note `device-execution`, "Value classes holding arrays"): one array per
//! primitive field (element `i` is object `i`'s), and per array field the objects' arrays
//! end to end with the `n + 1` offsets of each object's array. They are read only when a
//! device call plans and uploads them, so a call that runs on the CPU pays nothing; an
//! object, nested object or array that is `null` makes the shape `None` (the CPU path runs
//! and raises the exception where Java does). Each reads the objects once per call, on the
//! first `shape` or `bytes`, and keeps what it read for the other (and for the offsets).

use super::{DevElem, Elem, HostArray};
use crate::error::SourcePos;
use crate::somd::Elements;
use crate::value::{VArr, Val};
use std::cell::OnceCell;

/// Field `leaf` (a primitive reached through the object's fields) of every object of `src`.
pub struct EachField<'a, C, T> {
    src: &'a dyn Elements<Val<C>>,
    pos: &'static SourcePos,
    leaf: fn(&C) -> Option<T>,
    values: OnceCell<Option<Vec<T>>>,
}

impl<'a, C, T> EachField<'a, C, T> {
    /// `pos` is the `@`'s position (the host has checked `src` is not `null` there).
    pub fn new(
        src: &'a dyn Elements<Val<C>>,
        pos: &'static SourcePos,
        leaf: fn(&C) -> Option<T>,
    ) -> Self {
        EachField { src, pos, leaf, values: OnceCell::new() }
    }

    /// Every object's value, read on the first call; `None` when an object on the way is
    /// `null`.
    fn values(&self) -> Option<&[T]> {
        let read = || {
            let n = self.src.count(self.pos);
            (0..n).map(|i| self.src.element(i).try_get().and_then(self.leaf)).collect()
        };
        self.values.get_or_init(read).as_deref()
    }
}

impl<C, T: DevElem> HostArray for EachField<'_, C, T> {
    fn elem(&self) -> Elem {
        T::ELEM
    }
    fn shape(&self) -> Option<Vec<usize>> {
        self.values().map(|v| vec![v.len()])
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for v in self.values().unwrap_or_default() {
            v.put(&mut out);
        }
        out
    }
}

/// Array field `leaf` of every object of `src`, end to end (a vector field too: its
/// objects' vectors, `N` elements each).
pub struct JoinedField<'a, C, T> {
    src: &'a dyn Elements<Val<C>>,
    pos: &'static SourcePos,
    leaf: fn(&C) -> Option<VArr<T>>,
    parts: OnceCell<Option<Vec<VArr<T>>>>,
}

impl<'a, C, T> JoinedField<'a, C, T> {
    pub fn new(
        src: &'a dyn Elements<Val<C>>,
        pos: &'static SourcePos,
        leaf: fn(&C) -> Option<VArr<T>>,
    ) -> Self {
        JoinedField { src, pos, leaf, parts: OnceCell::new() }
    }

    /// Each object's array, read on the first call (the field's `shape` and `bytes` and its
    /// offsets' share it); `None` when one is `null` or they hold more than `i32::MAX`
    /// elements in all (offsets are `int`s).
    fn parts(&self) -> Option<&[VArr<T>]> {
        let read = || {
            let n = self.src.count(self.pos);
            let mut total = 0usize;
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let part = self.src.element(i).try_get().and_then(self.leaf)?;
                if part.is_null() {
                    return None;
                }
                total += part.items().len();
                out.push(part);
            }
            (total <= i32::MAX as usize).then_some(out)
        };
        self.parts.get_or_init(read).as_deref()
    }

    /// The `n + 1` offsets of each object's array in the joined one.
    pub fn offsets(&self) -> JoinedOffsets<'_, 'a, C, T> {
        JoinedOffsets(self)
    }
}

impl<C, T: DevElem> HostArray for JoinedField<'_, C, T> {
    fn elem(&self) -> Elem {
        T::ELEM
    }
    fn shape(&self) -> Option<Vec<usize>> {
        self.parts().map(|p| vec![p.iter().map(|a| a.items().len()).sum()])
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for part in self.parts().unwrap_or_default() {
            for v in part.items() {
                v.put(&mut out);
            }
        }
        out
    }
}

/// The offsets of a [`JoinedField`]: `int` element `i` is where object `i`'s array starts,
/// element `n` the total.
pub struct JoinedOffsets<'j, 'a, C, T>(&'j JoinedField<'a, C, T>);

impl<C, T: DevElem> HostArray for JoinedOffsets<'_, '_, C, T> {
    fn elem(&self) -> Elem {
        Elem::I32
    }
    fn shape(&self) -> Option<Vec<usize>> {
        self.0.parts().map(|p| vec![p.len() + 1])
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut at = 0i32;
        at.put(&mut out);
        for part in self.0.parts().unwrap_or_default() {
            at += part.items().len() as i32;
            at.put(&mut out);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::value::Array;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Clone)]
    struct Poly {
        k: i32,
        coef: VArr<f64>,
    }

    static POS: SourcePos = SourcePos { file: "test.somd", line: 1, col: 1 };
    static K_READS: AtomicUsize = AtomicUsize::new(0);
    static COEF_READS: AtomicUsize = AtomicUsize::new(0);

    fn k(p: &Poly) -> Option<i32> {
        K_READS.fetch_add(1, Ordering::Relaxed);
        Some(p.k)
    }

    fn coef(p: &Poly) -> Option<VArr<f64>> {
        COEF_READS.fetch_add(1, Ordering::Relaxed);
        Some(p.coef.clone())
    }

    fn plain_coef(p: &Poly) -> Option<VArr<f64>> {
        Some(p.coef.clone())
    }

    fn poly(k: i32, coef: &[f64]) -> Val<Poly> {
        Val::new(Poly { k, coef: VArr::from_vec(coef.to_vec()) })
    }

    #[test]
    fn fields_read_the_objects_once_per_call() {
        let polys = Array::from_vec(vec![poly(3, &[1.0, 2.0]), poly(-1, &[]), poly(7, &[0.5])]);
        let ks = EachField::new(&polys, &POS, k);
        assert_eq!(ks.shape(), Some(vec![3]));
        let ints: Vec<i32> = ks.bytes().chunks_exact(4).map(i32::take).collect();
        assert_eq!(ints, [3, -1, 7]);
        assert_eq!(K_READS.load(Ordering::Relaxed), 3);

        let coefs = JoinedField::new(&polys, &POS, coef);
        let offsets = coefs.offsets();
        assert_eq!(coefs.shape(), Some(vec![3]));
        assert_eq!(offsets.shape(), Some(vec![4]));
        let doubles: Vec<f64> = coefs.bytes().chunks_exact(8).map(f64::take).collect();
        assert_eq!(doubles, [1.0, 2.0, 0.5]);
        let at: Vec<i32> = offsets.bytes().chunks_exact(4).map(i32::take).collect();
        assert_eq!(at, [0, 2, 2, 3]);
        // The field and its offsets shared one read of the three objects.
        assert_eq!(COEF_READS.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn a_null_object_or_array_has_no_shape() {
        let polys = Array::from_vec(vec![poly(1, &[1.0]), Val::NULL]);
        assert_eq!(EachField::new(&polys, &POS, |p: &Poly| Some(p.k)).shape(), None);
        assert_eq!(JoinedField::new(&polys, &POS, plain_coef).shape(), None);
        let nulls = Array::from_vec(vec![Val::new(Poly { k: 1, coef: VArr::NULL })]);
        let coefs = JoinedField::new(&nulls, &POS, plain_coef);
        assert_eq!((coefs.shape(), coefs.offsets().shape()), (None, None));
        assert!(coefs.bytes().is_empty());
    }
}
