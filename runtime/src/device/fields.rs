//! The fields of the objects of a mapped array of value-class objects holding arrays, as
//! device arrays (note `device-execution`, "Value classes holding arrays"): one array per
//! primitive field (element `i` is object `i`'s), and per array field the objects' arrays
//! end to end with the `n + 1` offsets of each object's array. They are read only when a
//! device call plans and uploads them, so a call that runs on the CPU pays nothing; an
//! object, nested object or array that is `null` makes the shape `None` (the CPU path runs
//! and raises the exception where Java does).

use super::{DevElem, Elem, HostArray};
use crate::error::SourcePos;
use crate::somd::Elements;
use crate::value::{VArr, Val};

/// Field `leaf` (a primitive reached through the object's fields) of every object of `src`.
pub struct EachField<'a, C, T> {
    src: &'a dyn Elements<Val<C>>,
    pos: &'static SourcePos,
    leaf: fn(&C) -> Option<T>,
}

impl<'a, C, T> EachField<'a, C, T> {
    /// `pos` is the `@`'s position (the host has checked `src` is not `null` there).
    pub fn new(
        src: &'a dyn Elements<Val<C>>,
        pos: &'static SourcePos,
        leaf: fn(&C) -> Option<T>,
    ) -> Self {
        EachField { src, pos, leaf }
    }

    fn values(&self) -> Option<Vec<T>> {
        let n = self.src.count(self.pos);
        (0..n).map(|i| self.src.element(i).try_get().and_then(self.leaf)).collect()
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
}

impl<'a, C, T> JoinedField<'a, C, T> {
    pub fn new(
        src: &'a dyn Elements<Val<C>>,
        pos: &'static SourcePos,
        leaf: fn(&C) -> Option<VArr<T>>,
    ) -> Self {
        JoinedField { src, pos, leaf }
    }

    /// Each object's array; `None` when one is `null` or they hold more than `i32::MAX`
    /// elements in all (offsets are `int`s).
    fn parts(&self) -> Option<Vec<VArr<T>>> {
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
