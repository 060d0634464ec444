//! The sum-of-absolute-differences idiom and rows staged as bytes (note
//! `device-execution`, "The SAD idiom").
//!
//! A loop `sum += Math.abs(a[i] - b[i])` over two narrow `int` value arrays
//! (`somd_mir::analysis::sad`) gets, before it, a path the preprocessor keeps only when the
//! runtime stores both as `uchar` (it then defines `SOMD_NARROW_U8_<f>_<k>` beside
//! `SOMD_ELEM_<f>_<k>=uchar`): the prefix of `min(a.length, b.length) / 16` groups of 16
//! is added by `somd_sad_u8_*` (`runtime/cl/somd_java.cl`: `abs_diff` on `uchar16`,
//! widened, summed in `uint`), and the loop runs on from the first index after it. The
//! loop, unchanged, then adds the rest and raises `ArrayIndexOutOfBoundsException` at the
//! index and position Java raises it. With any other element type the path is not
//! compiled and the loop runs from 0.
//!
//! A narrow row that the slices form stages in `__local` memory keeps the staged type
//! `SOMD_STAGED_<f>_<k>`: `uchar` with `SOMD_NARROW_U8_..`, else `int` (the staging copy
//! widens). Its index is `SOMD_STAGE_AT_<f>_<k>(i, n, lid, ls)` from the group's stage
//! base: as `int`, element `i` of row `lid` at `i * ls + lid` (interleaved by element, so a
//! warp's read of one element touches consecutive words); as bytes, `somd_st16`: groups of
//! 16 interleaved by group (a warp's `uchar16` reads of one group are 512 consecutive
//! bytes, no bank conflict), then the tail interleaved by element. Both take `n * ls`
//! elements; the host allocates one byte per element for a row it uploads as `uchar`.
//!
//! Rows held in registers (note `device-execution`, "Rows held in registers"): a fold
//! whose broadcast narrow row feeds a SAD loop (`nested.rs`) loads the row's groups of 16
//! into four `uchar16` once, when it is `uchar` and shorter than `SOMD_HOLD_LEN`, and the
//! SAD loop of the target's variant (`FnCx::held`) reads that side from the registers
//! (`somd_sad_u8_h{g,l,h}`) under the same test of the same length.

use super::writer::{bug, FnCx, Writer, R};
use super::Level;
use somd_mir::analysis::sad::SadLoop;
use somd_mir::ir::Block;
use std::fmt::Write as _;

/// The `<f>_<k>` of a narrow element type macro `SOMD_ELEM_<f>_<k>`.
fn suffix(macro_name: &str) -> &str {
    macro_name.strip_prefix("SOMD_ELEM_").unwrap_or(macro_name)
}

/// The macro the runtime defines when the flow of `macro_name` is stored as `uchar`.
pub(super) fn u8_flag(macro_name: &str) -> String {
    format!("SOMD_NARROW_U8_{}", suffix(macro_name))
}

/// The element type of a staged row of the flow of `macro_name`.
pub(super) fn staged_type(macro_name: &str) -> String {
    format!("SOMD_STAGED_{}", suffix(macro_name))
}

/// The index macro of a staged row of the flow of `macro_name`: `(i, n, lid, ls)`.
pub(super) fn stage_at(macro_name: &str) -> String {
    format!("SOMD_STAGE_AT_{}", suffix(macro_name))
}

/// The staged type and index macros of the flow of `macro_name`.
pub(super) fn stage_defaults(macro_name: &str) -> String {
    let (flag, ty, at) = (u8_flag(macro_name), staged_type(macro_name), stage_at(macro_name));
    format!(
        "#ifdef {flag}\n#define {ty} uchar\n#define {at}(i, n, r, ls) somd_st16((i), (n), (r), (ls))\n#else\n#define {ty} int\n#define {at}(i, n, r, ls) ((i) * (ls) + (r))\n#endif\n"
    )
}

impl Writer<'_> {
    /// The block of a `for` loop recognised as a SAD loop `l` whose arrays are both narrow
    /// parameters: the loop's variable, the byte path under `#if`, then the loop.
    pub(super) fn sad_block(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        block: &Block,
        l: &SadLoop,
    ) -> R<String> {
        let [init, lp] = &block.stmts[..] else {
            return Err(bug("SAD loop without its two statements"));
        };
        let (Some(ma), Some(mb)) = (cx.narrow.get(&l.a).cloned(), cx.narrow.get(&l.b).cloned())
        else {
            return Err(bug("SAD loop over arrays that are not narrow"));
        };
        super::writer::note_bounded_loops(cx, block);
        let mut out = self.stmt(cx, level, init)?;
        let (a, b) = (cx.name(l.a).to_string(), cx.name(l.b).to_string());
        let (sum, i) = (cx.name(l.sum).to_string(), cx.name(l.index).to_string());
        let call = match (cx.staged.contains(&l.a), cx.staged.contains(&l.b)) {
            (false, false) => format!("somd_sad_u8_gg({a}, {b}, somd_sadg)"),
            (true, false) => format!("somd_sad_u8_lg({a}, {b}, somd_sadg)"),
            // |a - b| = |b - a|.
            (false, true) => format!("somd_sad_u8_lg({b}, {a}, somd_sadg)"),
            (true, true) => format!("somd_sad_u8_ll({a}, {b}, somd_sadg)"),
        };
        let inner = level.next();
        writeln!(out, "#if defined({}) && defined({})", u8_flag(&ma), u8_flag(&mb))?;
        writeln!(
            out,
            "{level}/* {sum} += |{a}[{i}] - {b}[{i}]| on uchar rows: the groups of 16 in bounds of both by abs_diff (the SAD idiom); the loop adds the rest */"
        )?;
        writeln!(out, "{level}{{")?;
        writeln!(out, "{inner}const int somd_sadg = min({a}_len0, {b}_len0) >> 4;")?;
        // A held row's registers hold its groups when it is shorter than `SOMD_HOLD_LEN`
        // (the fold loaded them under the same test of the same length).
        let regs = |x: &str| (0..4).map(|g| format!("{x}_h{g}")).collect::<Vec<_>>().join(", ");
        // The held registers `r` against row `x`, from local or global memory.
        let mem = |r: &str, x: &str, staged: bool| {
            let side = if staged { "l" } else { "g" };
            format!("somd_sad_u8_h{side}({r}, {x}, somd_sadg)")
        };
        let held = match (cx.held.contains(&l.a), cx.held.contains(&l.b)) {
            (true, true) => Some((
                format!("{a}_len0 < SOMD_HOLD_LEN && {b}_len0 < SOMD_HOLD_LEN"),
                format!("somd_sad_u8_hh({}, {}, somd_sadg)", regs(&a), regs(&b)),
            )),
            (true, false) => Some((
                format!("{a}_len0 < SOMD_HOLD_LEN"),
                mem(&regs(&a), &b, cx.staged.contains(&l.b)),
            )),
            // |a - b| = |b - a|.
            (false, true) => Some((
                format!("{b}_len0 < SOMD_HOLD_LEN"),
                mem(&regs(&b), &a, cx.staged.contains(&l.a)),
            )),
            (false, false) => None,
        };
        match held {
            Some((test, held_call)) => {
                let l2 = inner.next();
                writeln!(out, "{inner}if ({test}) {{")?;
                writeln!(out, "{l2}/* the held row's groups from registers */")?;
                writeln!(out, "{l2}{sum} = somd_iadd({sum}, as_int({held_call}));")?;
                writeln!(out, "{inner}}} else {{")?;
                writeln!(out, "{l2}{sum} = somd_iadd({sum}, as_int({call}));")?;
                writeln!(out, "{inner}}}")?;
            }
            None => writeln!(out, "{inner}{sum} = somd_iadd({sum}, as_int({call}));")?,
        }
        writeln!(out, "{inner}{i} = somd_sadg << 4;")?;
        writeln!(out, "{level}}}")?;
        // The rest, fewer than 16 elements: not worth a copy under a test of its range
        // (`Writer::loop_versions`; Mosaic's kernel took 3% longer with one on the H200).
        let copies = cx.copies;
        cx.copies = super::writer::MAX_COPIES;
        let rest = self.stmt(cx, level, lp);
        cx.copies = copies;
        out.push_str(&rest?);
        writeln!(out, "#else")?;
        out.push_str(&self.stmt(cx, level, lp)?);
        writeln!(out, "#endif")?;
        Ok(out)
    }

    /// The SAD loop `block` is, when both its arrays are narrow parameters here.
    pub(super) fn sad_of(&self, cx: &FnCx, block: &Block) -> Option<SadLoop> {
        let l = somd_mir::analysis::sad::sad_loop(self.module, cx.func, block)?;
        (cx.narrow.contains_key(&l.a) && cx.narrow.contains_key(&l.b)).then_some(l)
    }
}
